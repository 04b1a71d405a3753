# while with a counter that starts as a Python int and becomes a run-time
# int: the counter and x are loop-carried; the counter is an output too.
# example: x=randn(2,3) n=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,3) n=0
# inputs: x=randn(2,3) n=1
# inputs: x=randn(2,3) n=6
# compare: diverges
import torch
from torch import nn


class WhileCounter(nn.Module):
    def forward(self, x, n: int):
        i = 0
        while i < n:
            x = x * 2 - 1
            i += 1
        return x, i
