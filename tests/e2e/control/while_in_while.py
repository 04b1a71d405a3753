# A while loop inside a while loop whose bound depends on the outer
# counter; a counter of the inner iterations.
# example: x=rand(2) n=3 m=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(2) n=0 m=4
# inputs: x=rand(2) n=4 m=0
# inputs: x=rand(2) n=2 m=1
# compare: diverges
import torch
from torch import nn


class WhileInWhile(nn.Module):
    def forward(self, x, n: int, m: int):
        i = 0
        total = 0
        while i < n:
            j = 0
            while j < m + i:
                x = x * 0.9 + j
                j += 1
                total += 1
            i += 1
        return x, total
