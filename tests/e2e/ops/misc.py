# Functions implemented before and not yet compared with PyTorch by any
# case: aminmax, dot, mv, eye, is_floating_point, isinf, isfinite (with
# infinities and NaN), log10, square, movedim and moveaxis, scalar_tensor,
# std_mean and var_mean, true_divide (integers give floats), Tensor.lerp,
# the unsafe_split/unsafe_chunk aliases and split_with_sizes, and the
# shapes of new_empty and normal (their values are not defined / random).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3) v=randn(3)
# inputs: x=[[1.0, 0.0, -2.0], [0.5, 3.0, 100.0]] v=[1.0, -1.0, 2.0]
# opsets: 11 17
import torch
from torch import nn


class Misc(nn.Module):
    def forward(self, x: torch.Tensor, v: torch.Tensor):
        inf = float("inf")
        s = torch.tensor([1.0, inf, -inf, float("nan"), -0.0])
        mn, mx = torch.aminmax(x, dim=1)
        g = torch.arange(24.0).reshape(2, 3, 4)
        a, b = torch.unsafe_chunk(g, 2, 2)
        c, d = g.unsafe_split(2, 1)
        e, f = torch.unsafe_split_with_sizes(g, [1, 3], 2)
        h, k = g.split_with_sizes([2, 1], 1)
        sd, mu = torch.std_mean(x, 0)
        vr, mu2 = torch.var_mean(x, dim=1, unbiased=False, keepdim=True)
        return (
            mn, mx, torch.aminmax(g).min, torch.dot(v, v), torch.mv(x, v), x.mv(v), torch.eye(3), torch.eye(2, 4),
            torch.tensor(torch.is_floating_point(x)), torch.tensor(v.long().is_floating_point()),
            torch.isinf(s), s.isfinite(), torch.isfinite(x), torch.log10(x.abs() + 1), torch.square(x),
            v.square(), torch.movedim(g, 0, 2), g.movedim((0, 1), (2, 0)), torch.moveaxis(g, -1, 0),
            torch.scalar_tensor(3.5), sd, mu, vr, mu2, torch.true_divide(g.long(), 4), x.true_divide(2.0),
            x.lerp(torch.ones_like(x), 0.25), a, b, c, d, e, f, h, k,
            torch.tensor(x.new_empty(2, 5).shape), torch.tensor(torch.normal(0.0, 1.0, (3, 2)).shape),
        )
