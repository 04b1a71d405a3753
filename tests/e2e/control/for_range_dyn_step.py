# range() whose step is known only at run time, with either sign.
# example: x=randn(3) a=0 b=10 s=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) a=10 b=0 s=-2
# inputs: x=randn(3) a=0 b=10 s=-1
# inputs: x=randn(3) a=4 b=5 s=7
# compare: diverges
import torch
from torch import nn


class ForRangeDynStep(nn.Module):
    def forward(self, x, a: int, b: int, s: int):
        count = 0
        for i in range(a, b, s):
            x = x + i
            count += 1
        return x, count
