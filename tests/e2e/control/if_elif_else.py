# if / elif / else on a float input: three branches become two nested Ifs.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) t=0.5
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(4,2) t=-2.0
# inputs: x=randn(2,2) t=1.5
# inputs: x=randn(3,2) t=0.0
# compare: diverges
import torch
from torch import nn


class IfElifElse(nn.Module):
    def forward(self, x, t: float):
        if t > 1.0:
            y = x * t
        elif t > 0.0:
            y = x + t
        else:
            y = x - 1.0
        return y
