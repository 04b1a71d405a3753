# for ... else on a run-time loop without break: the else block always runs.
# example: x=randn(2) n=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) n=0
# inputs: x=randn(2) n=1
# inputs: x=randn(2) n=5
# compare: diverges
import torch
from torch import nn


class ForElse(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            x = x + i
        else:
            x = x * 10
        return x
