# A branch on a size of a dynamic axis: nothing is converted to a Python
# number (x.size(0) stays computed from the input), so the warning is at
# the branch.
# tsc2onnx: --trace --dynamic x:0=N
# example: x=ones(3,2)
import torch
from torch import nn


class IfSize(nn.Module):
    def forward(self, x):
        if x.size(0) > 2:
            return x[:2] * 2
        return x * x.size(0)
