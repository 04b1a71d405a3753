# A variable assigned only inside a run-time loop and used after it (it is
# undefined when the loop runs zero times).
# example: x=randn(3) n=2
import torch
from torch import nn


class LoopUndefined(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            y = x * i
        return y
