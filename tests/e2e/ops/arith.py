# Arithmetic: add, sub, mul, div (every rounding mode), rsub, pow, neg, abs,
# reciprocal, sign, floor_divide, remainder; broadcasting against a dynamic
# batch and PyTorch's promotion (Python scalars never change a tensor's
# dtype, int64 with float32 gives float32, int / int is a float).
# tsc2onnx: --dynamic x:0=N --dynamic i:0=N
# example: x=randn(4,3) y=randn(3) i=randn(4,3):int64 j=rand(3):int32
# inputs: x=randn(1,3) y=randn(3) i=randn(1,3):int64 j=rand(3):int32
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Arith(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor, i: torch.Tensor, j: torch.Tensor):
        return (
            x + y, torch.add(x, y, alpha=2), x + 3, 2.5 + x, i + 3, i + 2.5, i + x, i + j,
            x - y, torch.sub(i, 1, alpha=3), 1 - x, torch.rsub(x, 2.0), torch.rsub(i, 5),
            x * y, i * 2, i * 0.5, 3 * j, x * i,
            x / y, i / 2, i / j.clamp(min=1), torch.div(i, 3, rounding_mode="floor"),
            torch.div(i, -3, rounding_mode="trunc"), torch.div(x, 0.7, rounding_mode="floor"),
            torch.div(x, 0.7, rounding_mode="trunc"), i // 4, x // 0.5, i % 3, x % 0.7, torch.remainder(i, -4),
            torch.fmod(i, 3), x.abs() ** 0.5, i ** 2, 2 ** y, torch.pow(x, 2), torch.pow(j, 2),
            -x, torch.neg(i), torch.abs(i), x.abs(), torch.reciprocal(y), torch.reciprocal(j.clamp(min=1)),
            torch.sign(x), torch.sign(i), x.sub(y).mul(2).div(4).add(1),
        )
