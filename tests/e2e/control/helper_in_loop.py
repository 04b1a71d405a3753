# A helper with an early return called inside a run-time loop, and a
# conditional expression in the loop body.
# example: x=randn(2) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) n=0
# inputs: x=randn(2) n=1
# inputs: x=randn(2) n=7
# compare: diverges
import torch
from torch import nn


def step(x, i: int):
    if i % 3 == 0:
        return x * 0.5
    y = x + i
    return y


class HelperInLoop(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            x = step(x, i)
            x = x + 1 if i % 2 == 0 else x - 1
        return x
