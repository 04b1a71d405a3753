# Elementwise math on float inputs and on integer inputs (which PyTorch
# computes in float32): exp, log, log2, log1p, sqrt, rsqrt, sin, cos, tan,
# asin, acos, atan, tanh, sigmoid, erf, ceil, floor, round (half to even),
# trunc, frac.  Out-of-domain inputs give NaN on both sides.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(5,4) i=rand(3,4):int64
# inputs: x=[[0.5, -0.5, 1.5, 2.5], [-2.5, 0.0, 3.7, -3.7]] i=rand(3,4):int64
# tolerance: rtol=1e-4 atol=1e-5
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Unary(nn.Module):
    def forward(self, x: torch.Tensor, i: torch.Tensor):
        return (
            torch.exp(x), torch.log(x.abs() + 0.1), torch.log2(x.abs() + 0.1), torch.log1p(x.abs()),
            torch.sqrt(x.abs()), torch.rsqrt(x.abs() + 0.5), torch.sin(x), torch.cos(x), torch.tan(x),
            torch.asin(x / 4), torch.acos(x / 4), torch.atan(x), torch.tanh(x), torch.sigmoid(x),
            torch.erf(x), torch.ceil(x), torch.floor(x), torch.round(x), torch.trunc(x), torch.frac(x),
            x.exp(), x.log(), x.sqrt(), x.sigmoid(), x.tanh(), x.floor(), x.ceil(), x.round(),
            torch.exp(i), torch.log(i), torch.log2(i), torch.log1p(i), torch.sqrt(i), torch.rsqrt(i + 1),
            torch.sin(i), torch.cos(i), torch.tan(i), torch.asin(i), torch.acos(i), torch.atan(i),
            torch.tanh(i), torch.sigmoid(i), torch.erf(i), torch.ceil(i), torch.floor(i), torch.round(i),
            torch.trunc(i), torch.abs(i - 5),
        )
