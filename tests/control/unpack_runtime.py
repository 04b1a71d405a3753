# Unpacking a tensor whose first axis is known only at run time.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,3)
import torch
from torch import nn


class UnpackRuntime(nn.Module):
    def forward(self, x):
        a, b = x
        return a + b
