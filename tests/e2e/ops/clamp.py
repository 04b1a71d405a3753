# clamp, clamp_min, clamp_max: float and integer tensors (Clip takes
# integers from opset 12; before, Max/Min or a Where), Python and 0-d tensor
# bounds, tensor bounds that broadcast, and the promotion of an int tensor
# clamped by a float.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3) i=randn(4,3):int64 lo=randn(3) hi=rand(1,3)
# opsets: 11 12 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Clamp(nn.Module):
    def forward(self, x: torch.Tensor, i: torch.Tensor, lo: torch.Tensor, hi: torch.Tensor):
        return (
            torch.clamp(x, -0.5, 0.5), torch.clamp(x, min=0.0), torch.clamp(x, max=0.25),
            x.clamp(-1, 1), x.clamp_min(0.1), x.clamp_max(-0.1), torch.clamp_min(x, 0), torch.clamp_max(x, 0),
            torch.clamp(i, -1, 2), torch.clamp(i, min=0), i.clamp(max=1), torch.clamp(i, min=0.5),
            torch.clamp(x, lo, hi), torch.clamp(x, min=lo), torch.clamp(x, max=hi),
            torch.clamp(x, torch.tensor(-0.2), torch.tensor(0.3)), torch.clip(x, -0.1, 0.1),
        )
