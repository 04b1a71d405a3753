# range(start, stop, step) with run-time bounds and a static step, positive
# and negative: the trip count is max(0, ceil((stop - start) / step)), so
# empty and reversed ranges run zero times.
# example: x=randn(2) a=1 b=7
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) a=5 b=5
# inputs: x=randn(2) a=9 b=2
# inputs: x=randn(2) a=-3 b=4
# compare: diverges
import torch
from torch import nn


class ForRangeArgs(nn.Module):
    def forward(self, x, a: int, b: int):
        up = x
        for i in range(a, b, 2):
            up = up + i
        down = x
        for j in range(b, a, -3):
            down = down * 0.5 + j
        return up, down
