# Selecting and scattering: gather (negative dim), scatter with a tensor or a
# scalar source, scatter_add and scatter(reduce="add") (ScatterElements
# reduces from opset 16; before, a one-hot sum), index_select, index_copy,
# index_fill, index_add, nonzero (and as_tuple), where(cond), masked_select,
# take.
# tsc2onnx: --dynamic x:0=N --dynamic g:0=N --dynamic s:0=N
# example: x=randn(4,5) g=rand(4,5):int64 s=randn(4,5)
# inputs: x=randn(2,5) g=rand(2,5):int64 s=randn(2,5)
# opsets: 11 16 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Gather(nn.Module):
    def forward(self, x: torch.Tensor, g: torch.Tensor, s: torch.Tensor):
        col = g % 5
        row = torch.zeros_like(g)
        perm = torch.tensor([4, 0, 3])
        return (
            torch.gather(x, 1, col), x.gather(-1, col[:, :2]), torch.gather(x, 0, row),
            torch.scatter(x, 1, col, s), x.scatter(1, col[:, :1], 0.5), torch.zeros(2, 5).scatter_(1, col[:2], s[:2]),
            torch.scatter_add(x, 1, col, s), x.scatter(1, col, s, reduce="add"), torch.zeros_like(x).scatter_add_(1, col, s),
            torch.index_select(x, 1, perm), x.index_select(0, torch.tensor([0, 0])),
            x.index_copy(1, perm, s[:, :3]), torch.index_copy(x, 1, torch.tensor([1]), s[:, 4:]),
            x.index_fill(1, perm, -1.0), g.index_fill(1, torch.tensor([0]), 9),
            x.index_add(1, perm, s[:, :3]), torch.index_add(x, 1, perm, s[:, 1:4], alpha=2),
            torch.nonzero(g), torch.nonzero(x > 0, as_tuple=True)[1], torch.where(g > 4)[0], (x > 0).nonzero(),
            torch.masked_select(x, x > 0), x.masked_select(g > 3), torch.take(x, torch.tensor([0, 7, -1])),
        )
