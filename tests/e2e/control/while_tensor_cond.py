# while on a tensor condition: the loop runs until the data says stop.
# example: x=rand(2,2) limit=10.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(2,2) limit=0.1
# inputs: x=ones(2,2) limit=100.0
# inputs: x=rand(2,2) limit=1000.0
# compare: diverges
import torch
from torch import nn
from _ctl import total


class WhileTensorCond(nn.Module):
    def forward(self, x, limit: float):
        n = 0
        while total(x) < limit:
            x = x * 1.5 + 0.25
            n += 1
        return x, n
