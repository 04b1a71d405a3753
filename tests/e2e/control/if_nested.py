# Nested ifs, with the inner one on a condition computed in the outer
# branch.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) a=1 b=2
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2) a=-1 b=2
# inputs: x=randn(4,2) a=5 b=-5
# inputs: x=randn(1,2) a=0 b=0
# compare: diverges
import torch
from torch import nn


class IfNested(nn.Module):
    def forward(self, x, a: int, b: int):
        if a >= 0:
            c = a + b
            if c > 2:
                x = x * c
            else:
                x = x - c
                if b < 0:
                    x = x * 100
        else:
            x = -x
        return x
