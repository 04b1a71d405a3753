# for over range(x.size(0)) of a dynamic axis, with the index used as a
# number.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,2)
# inputs: x=randn(6,2)
# inputs: x=randn(2,2)
# compare: diverges
import torch
from torch import nn


class RangeOfSize(nn.Module):
    def forward(self, x):
        acc = torch.zeros(2)
        for i in range(x.size(0)):
            acc = acc + (i + 1) * 0.5
        return acc * x.size(0)
