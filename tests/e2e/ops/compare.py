# Comparisons and logic: eq, ne, lt, le, gt, ge (tensors, Python scalars,
# mixed dtypes, broadcasting), and/or/xor/not on bool masks, isnan, where,
# masked_fill, maximum, minimum (floats, ints before and after opset 12,
# bools).
# tsc2onnx: --dynamic x:0=N --dynamic i:0=N --dynamic m:0=N
# example: x=randn(4,3) y=randn(3) i=randn(4,3):int64 m=rand(4,3):bool
# inputs: x=randn(2,3) y=randn(3) i=randn(2,3):int64 m=rand(2,3):bool
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Compare(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor, i: torch.Tensor, m: torch.Tensor):
        nan = x / (x - x)
        return (
            x == y, x != y, x < y, x <= y, x > y, x >= y,
            i == 0, i != 1, i < 0.5, i <= 1, i > x, i >= -1,
            torch.eq(x, 0.0), torch.ne(i, x), torch.lt(x, i), torch.le(y, 0), torch.gt(i, 2), torch.ge(x, y),
            (x > 0) & m, (x > 0) | m, (x > 0) ^ m, ~m, torch.logical_and(i, m), torch.logical_or(x, i),
            torch.logical_not(i), torch.logical_xor(m, x > 0),
            torch.isnan(nan), torch.isnan(i), torch.isnan(x),
            torch.where(m, x, y), torch.where(x > 0, x, 0.0), torch.where(m, i, 7), torch.where(m, i, x),
            x.masked_fill(m, -1.0), i.masked_fill(m, 5), x.masked_fill(x < 0, torch.tensor(0.5)),
            torch.maximum(x, y), torch.minimum(x, y), torch.maximum(i, i * -1), torch.minimum(i, x),
            torch.maximum(m, x > 0), torch.minimum(m, x > 0), 0 in i, 0.5 in x,
        )
