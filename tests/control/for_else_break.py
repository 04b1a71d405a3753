# for ... else after a run-time loop that may break.
# example: x=randn(3) n=2
import torch
from torch import nn


class ForElseBreak(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            if i > 3:
                break
            x = x + 1
        else:
            x = x * 2
        return x
