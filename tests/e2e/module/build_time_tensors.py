# Tensor computation while the model is built, as torchvision's models do
# it in __init__: a layer scale from torch.ones(...) * value (ConvNeXt),
# block widths from arange/log/round and read back with tolist() (RegNet),
# a relative-position index table from arange/stack/flatten/permute and
# in-place indexing (Swin), slice assignment through .data under no_grad
# (HDemucs), and nn.init on a slice.  The compiler runs these with its
# evaluator; the results are constants of the graph.
# example: x=randn(1,4,3,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,4,3,3)
# tsc2onnx: --dynamic x:0=N
import math

import torch
import torch.nn as nn


class BuildTimeTensors(nn.Module):
    def __init__(self, dim: int = 4, window: int = 3):
        super().__init__()
        self.layer_scale = nn.Parameter(torch.ones(dim, 1, 1) * 1e-1)
        widths = torch.arange(6) * 24.5 + 16.0
        steps = torch.round(torch.log(widths / 16.0) / math.log(2.25))
        quantized = (16.0 * torch.pow(2.25, steps) / 8).round() * 8
        self.widths = [int(w) for w in quantized.tolist()]
        coords = torch.stack([torch.arange(window).view(window, 1).expand(window, window),
                              torch.arange(window).view(1, window).expand(window, window)])
        flat = torch.flatten(coords, 1)
        relative = flat[:, :, None] - flat[:, None, :]
        relative = relative.permute(1, 2, 0).contiguous()
        relative[:, :, 0] += window - 1
        relative[:, :, 1] += window - 1
        relative[:, :, 0] *= 2 * window - 1
        self.register_buffer("index", relative.sum(-1).flatten(), persistent=False)
        self.table = nn.Parameter(torch.linspace(-1.0, 1.0, (2 * window - 1) ** 2))
        self.scale = nn.Parameter(torch.zeros(dim))
        with torch.no_grad():
            self.scale.data[:] = 0.5
            self.scale[1:3] = -2.0
        self.bias = nn.Parameter(torch.zeros(dim))
        nn.init.constant_(self.bias[2:], 0.25)

    def forward(self, x):
        bias = self.table[self.index].view(9, 9).sum(1)[: x.shape[1]]
        y = x * self.layer_scale + self.scale.view(1, -1, 1, 1) + self.bias.view(1, -1, 1, 1)
        return y + bias.view(1, -1, 1, 1) + float(sum(self.widths))
