# Joining and splitting: cat (dtype promotion, negative dim), stack, split
# by size and by sections, chunk (uneven), unbind, tensor_split.
# tsc2onnx: --dynamic x:0=N --dynamic y:0=N --dynamic i:0=N
# example: x=randn(4,6) y=randn(4,2) i=rand(4,6):int64
# inputs: x=randn(3,6) y=randn(3,2) i=rand(3,6):int64
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Join(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor, i: torch.Tensor):
        a, b = torch.split(x, 3, dim=1)
        p, q, r = x.split([1, 2, 3], -1)
        c = torch.chunk(x, 4, 1)
        u = y.unbind(1)
        return (
            torch.cat([x, y], 1), torch.cat((x, i), -1), torch.cat([x, x, x]), torch.concat([y, y], dim=0),
            torch.stack([x, i]), torch.stack((y, y), dim=-1), torch.stack([y[:, 0], y[:, 1]], 1),
            a, b, p, q, r, c[0], c[1], c[2], len(c), u[0], u[1], torch.unbind(y, 1)[1],
            torch.tensor_split(x, 4, dim=1)[3], x.chunk(2, 1)[1],
        )
