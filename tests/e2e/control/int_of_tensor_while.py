# int() of a 0-d tensor input in a while condition and a float() of one.
# example: x=randn(2) steps=3 rate=0.5
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) steps=0 rate=2.0
# inputs: x=randn(2) steps=1 rate=-1.0
# inputs: x=randn(2) steps=6 rate=0.9
# compare: diverges
import torch
from torch import nn


class IntOfTensorWhile(nn.Module):
    def forward(self, x, steps, rate):
        k = 0
        r = float(rate)
        while k < int(steps):
            x = x * r + k
            k = k + 1
        return x
