# Reductions over all, one, several and negative dims, with and without
# keepdim: sum (int64 and bool give int64), mean, prod, max/min (values and
# indices, or of everything, or elementwise), amax, amin, argmax, argmin,
# std and var (unbiased or not), norm (p = fro, 1, 2, inf, 3), frobenius_norm,
# logsumexp, any, all.  Reduce* take their axes as an input from opset 13
# (ReduceSum) or 18 (the others).
# tsc2onnx: --dynamic x:0=N --dynamic i:0=N
# example: x=randn(4,3,5) i=randn(4,3,5):int64 m=rand(2,3):bool
# inputs: x=randn(2,3,5) i=randn(2,3,5):int64 m=rand(2,3):bool
# tolerance: rtol=1e-4 atol=1e-5
# opsets: 11 13 17 18
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Reduce(nn.Module):
    def forward(self, x: torch.Tensor, i: torch.Tensor, m: torch.Tensor):
        mx = x.max(dim=1)
        mn = torch.min(i, -1, keepdim=True)
        vals, idx = torch.max(x, 2)
        return (
            x.sum(), torch.sum(x, 1), x.sum(dim=(0, 2)), x.sum(-1, keepdim=True), i.sum(), i.sum(1), m.sum(),
            torch.sum(m, 0), x.sum(1, dtype=torch.float64),
            x.mean(), torch.mean(x, -2), x.mean((1, 2), keepdim=True), i.float().mean(1),
            x.prod(), torch.prod(x, 2), i.prod(1, keepdim=True),
            x.max(), i.min(), mx.values, mx.indices, mn.values, mn.indices, vals, idx,
            torch.max(x, x * 2), torch.min(x, torch.zeros(5)),
            torch.amax(x, 1), torch.amin(x, (0, 2)), x.amax(-1, keepdim=True), i.amax(), i.amin(1),
            torch.argmax(x), torch.argmax(x, 1), x.argmin(-1, keepdim=True), torch.argmax(i, 0), torch.argmin(i, 1),
            x.std(), torch.std(x, 1), x.std(-1, keepdim=True, unbiased=False), torch.var(x, (0, 2)), x.var(1),
            torch.norm(x), x.norm(dim=1), torch.norm(x, p=1, dim=-1), torch.norm(x, p=float("inf"), dim=2),
            x.norm(3, 1, keepdim=True), torch.frobenius_norm(x, dim=(1, 2)),
            torch.logsumexp(x, 1), x.logsumexp(-1, keepdim=True),
            m.any(), m.all(), torch.any(x > 1, 1), torch.all(i > -3, -1, keepdim=True), x.any(2),
        )
