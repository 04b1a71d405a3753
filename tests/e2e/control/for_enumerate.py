# enumerate over a tensor with a dynamic first axis, from a start value.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,2)
# inputs: x=randn(5,2)
# inputs: x=randn(2,2)
# compare: diverges
import torch
from torch import nn


class ForEnumerate(nn.Module):
    def forward(self, x):
        acc = torch.zeros(2)
        last = -1
        for i, row in enumerate(x, 1):
            acc = acc + row * i
            last = i
        return acc, last
