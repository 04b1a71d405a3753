# A while loop whose condition is static at first: the first iterations
# unroll; when the condition becomes a run-time bool the rest is a Loop.
# example: x=randn(2) n=5
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) n=0
# inputs: x=randn(2) n=2
# inputs: x=randn(2) n=9
# compare: diverges
import torch
from torch import nn


class WhileStaticThenDyn(nn.Module):
    def forward(self, x, n: int):
        i = 0
        while i < 2:
            x = x + 1
            i += 1
        # i is static (2) here; the bound below is not
        while i < n:
            x = x * 2
            i += 1
        return x, i
