# A loop inside a branch and a branch inside a loop.
# example: x=randn(3) n=5 up=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) n=2 up=False
# inputs: x=randn(3) n=0 up=True
# inputs: x=randn(3) n=7 up=False
# compare: diverges
import torch
from torch import nn


class LoopInIf(nn.Module):
    def forward(self, x, n: int, up: bool):
        if up:
            for i in range(n):
                x = x + i
        else:
            for i in range(n):
                if i % 2 == 0:
                    x = x * 1.5
                else:
                    x = x - 1
        return x
