# if on a dynamic dimension: x.size(0) > 2 is known only at run time.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2)
# inputs: x=randn(7,2)
# inputs: x=randn(1,2)
# compare: diverges
import torch
from torch import nn


class IfSizeCond(nn.Module):
    def forward(self, x):
        if x.size(0) > 2:
            x = x * 10
        return x + 1
