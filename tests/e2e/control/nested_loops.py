# Loops in loops: the inner trip count depends on the outer index.
# example: x=randn(2) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) n=0
# inputs: x=randn(2) n=1
# inputs: x=randn(2) n=6
# compare: diverges
import torch
from torch import nn


class NestedLoops(nn.Module):
    def forward(self, x, n: int):
        acc = x * 0
        count = 0
        for i in range(n):
            for j in range(i):
                acc = acc + x * j
                count += 1
            acc = acc * 0.9
        return acc, count
