# enumerate() over a list built by a run-time loop, and zip() of a tensor
# with it.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) n=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2) n=1
# inputs: x=randn(4,2) n=5
# inputs: x=randn(1,2) n=2
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class EnumerateList(nn.Module):
    def forward(self, x, n: int):
        parts = []
        for i in range(n):
            parts.append(x * (i + 1))
        acc = x * 0
        for k, p in enumerate(parts):
            acc = acc + p * k
        dots = x * 0
        for row, p in zip(x, parts):
            dots = dots + p * total1(row)
        return acc, dots
