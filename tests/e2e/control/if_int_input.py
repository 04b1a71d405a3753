# if on an int input: both branches assign a tensor and a float; the
# float becomes a run-time float.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,2) n=1
# inputs: x=randn(5,2) n=2
# inputs: x=randn(1,2) n=3
# compare: diverges
import torch
from torch import nn


class IfIntInput(nn.Module):
    def forward(self, x, n: int):
        if n > 2:
            y = x * 2
            z = 1.0
        else:
            y = x + 1
            z = 2.5
        return y * z
