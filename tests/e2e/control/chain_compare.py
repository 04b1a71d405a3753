# A chained comparison on run-time values: the second comparison happens
# only where the first holds.
# example: x=randn(3) n=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) n=0
# inputs: x=randn(3) n=9
# inputs: x=randn(3) n=5
# compare: diverges
import torch
from torch import nn


class ChainCompare(nn.Module):
    def forward(self, x, n: int):
        if 0 < n < 5:
            x = x * n
        if 1 <= n <= 3 < n * 2:
            x = x + 100
        return x
