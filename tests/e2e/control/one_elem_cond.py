# The truth value of a one-element tensor of rank 1 as a condition, and of
# an int tensor (nonzero is true).
# example: t=[0.5] k=[3]
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: t=[-1.0] k=[0]
# inputs: t=[0.0] k=[1]
# inputs: t=[2.0] k=[0]
# compare: diverges
import torch
from torch import nn


class OneElemCond(nn.Module):
    def forward(self, t, k):
        y = t * 2
        if t > 0:
            y = y + 1
        if k:
            y = y * 3
        return y
