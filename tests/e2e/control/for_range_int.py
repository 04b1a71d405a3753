# for over range of an int input: one Loop, x carried with its shape.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2) n=0
# inputs: x=randn(4,2) n=1
# inputs: x=randn(1,2) n=13
# compare: diverges
import torch
from torch import nn


class ForRangeInt(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            x = x * 0.5 + i
        return x
