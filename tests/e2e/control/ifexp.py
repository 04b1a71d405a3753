# Conditional expressions on run-time conditions.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) n=2
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(4,2) n=0
# inputs: x=randn(2,2) n=5
# inputs: x=randn(1,2) n=1
# compare: diverges
import torch
from torch import nn


class IfExp(nn.Module):
    def forward(self, x, n: int):
        y = x * 2 if n > 1 else x - 1
        k = n * 3 if n < 3 else 0
        return y + k, k
