# A function that returns a value on one run-time path and falls off its
# end on the other.
# example: x=randn(3) n=2
import torch
from torch import nn


class SomePathsReturn(nn.Module):
    def forward(self, x, n: int):
        if n > 0:
            return x * 2
