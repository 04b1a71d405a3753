# The text form shows a Loop's body and an If's branches, each node with
# the source line it comes from.
# example: x=randn(2) n=3
import torch
from torch import nn


class LoopText(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            if i % 2 == 0:
                x = x + i
            else:
                x = x * 2
        return x
