# Nested loops: the inner loop runs a different number of times in each
# iteration of the outer one, and the warning says so once.
# tsc2onnx: --trace
# example: x=ones(2) n=3
import torch
from torch import nn


class NestedCounts(nn.Module):
    def forward(self, x, n: int):
        acc = x * 0
        for i in range(n):
            for j in range(i):
                acc = acc + x * j
        return acc
