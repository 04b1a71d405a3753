# zip of two tensors with dynamic first axes (the shorter one decides)
# and of a tensor with a static list of numbers.
# tsc2onnx: --dynamic a:0=N --dynamic b:0=M
# example: a=randn(3,2) b=randn(4,2)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: a=randn(5,2) b=randn(2,2)
# inputs: a=randn(1,2) b=randn(1,2)
# inputs: a=randn(6,2) b=randn(6,2)
# compare: diverges
import torch
from torch import nn


class ForZip(nn.Module):
    def forward(self, a, b):
        acc = torch.zeros(2)
        for x, y in zip(a, b):
            acc = acc + x * y
        w = torch.zeros(2)
        for x, k in zip(a, [0.5, -1.0, 2.0]):
            w = w + x * k
        return acc, w
