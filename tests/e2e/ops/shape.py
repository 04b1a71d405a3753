# Shape functions on a dynamic batch: reshape and view (with -1, with sizes
# read from the input, to a symbolic 2*N), flatten, unflatten, permute,
# transpose, t, T, squeeze, unsqueeze (negative dims), expand and expand_as
# (with -1), repeat, reshape_as, view_as, size, narrow, select, flip, roll,
# tril, triu (Trilu from opset 14, a mask before).
# tsc2onnx: --dynamic x:0=N --dynamic i:0=N
# example: x=randn(4,6) y=randn(2,3,1) s=randn(5,5) i=rand(4,6):int64
# inputs: x=randn(2,6) y=randn(2,3,1) s=randn(5,5) i=rand(2,6):int64
# opsets: 11 14 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Shapes(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor, s: torch.Tensor, i: torch.Tensor):
        n = x.size(0)
        return (
            x.view(-1), x.view(n, 2, 3), x.reshape(-1, 3), torch.reshape(x, (n * 2, 3)), x.view(2, n, -1),
            x.reshape(n, -1, 2).size(1), x.flatten(), y.flatten(1), torch.flatten(y, 0, 1), x.unflatten(1, (2, 3)),
            y.permute(2, 0, 1), torch.permute(y, (1, 0, 2)), x.transpose(0, 1), torch.transpose(y, -1, 0), s.t(), x.T,
            y.squeeze(), y.squeeze(-1), torch.squeeze(y, 0), x.unsqueeze(0), x.unsqueeze(-1), torch.unsqueeze(y, 2),
            y.expand(2, 3, 4), y.expand(5, -1, -1, 7), x[:, :1].expand_as(x), torch.ones(1, 6).expand(n, -1),
            y.repeat(1, 2, 3), x.repeat(2, 1, 1), s.reshape_as(torch.zeros(25)), x.view_as(i),
            x.size(-1), x.shape[1], len(x), x.numel(), x.dim(), y.ndim,
            x.narrow(1, 2, 3), torch.narrow(x, 0, 1, 1), x.select(1, -1), torch.select(y, 0, 1),
            torch.flip(x, [0]), x.flip(0, 1), torch.roll(x, 2, 1), torch.roll(x, (1, -2), (0, 1)), torch.roll(s, 3),
            torch.tril(s), s.tril(1), torch.triu(s, -1), s.triu(), torch.tril(i), torch.triu(x, 2),
        )
