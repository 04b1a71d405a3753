# A tensor in one branch, a list in the other.
# example: x=randn(3) n=1
import torch
from torch import nn


class TypeMismatch(nn.Module):
    def forward(self, x, n: int):
        if n > 0:
            y = x
        else:
            y = [x, x]
        return y
