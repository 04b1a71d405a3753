# A for loop over a list built by another run-time loop (a scan output,
# then iterated by index), and len() of it.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2) n=1
# inputs: x=randn(1,2) n=6
# inputs: x=randn(4,2) n=0
# compare: diverges
import torch
from torch import nn


class ForRuntimeList(nn.Module):
    def forward(self, x, n: int):
        parts = []
        for i in range(n):
            parts.append(x * (i + 1))
        acc = x * 0
        for p in parts:
            acc = acc + p
        return acc, len(parts)
