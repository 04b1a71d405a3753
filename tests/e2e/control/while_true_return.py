# while True whose only exit is a return under a run-time condition.
# example: x=rand(2) limit=30.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(2) limit=1.0
# inputs: x=ones(2) limit=100.0
# inputs: x=rand(2) limit=5.0
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class WhileTrueReturn(nn.Module):
    def forward(self, x, limit: float):
        k = 0
        while True:
            x = x * 2 + 1
            k += 1
            if total1(x) > limit:
                return x, k
