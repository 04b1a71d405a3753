# Random numbers (drawn by ONNX Runtime, so only their properties can be
# compared): rand, randn, rand_like, randn_like, randint (static and
# run-time sizes), bernoulli (a uniform draw below p: ONNX Runtime's
# Bernoulli kernel inverts p), randperm; shapes, dtypes, ranges are checked.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3)
# inputs: x=randn(2,3)
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Random(nn.Module):
    def forward(self, x: torch.Tensor):
        n = x.size(0)
        u = torch.rand(3, 4)
        z = torch.randn(n, 5)
        ul = torch.rand_like(x)
        zl = torch.randn_like(x)
        r = torch.randint(3, 7, (n, 2))
        r2 = torch.randint(5, (4,))
        b = torch.bernoulli(torch.full((n, 3), 0.5))
        b0 = torch.bernoulli(torch.zeros(2, 2))
        b1 = torch.bernoulli(torch.ones(2, 2))
        p = torch.randperm(6)
        return (
            (u >= 0) & (u < 1), u.dtype == torch.float32, z.abs() < 100, z.shape[1] * 0 + z * 0,
            (ul >= 0) & (ul < 1), zl * 0, (r >= 3) & (r < 7), r * 0, (r2 >= 0) & (r2 < 5),
            (b == 0) | (b == 1), b * 0, b0, b1, p.sort().values, torch.rand(2, dtype=torch.float64) * 0,
        )
