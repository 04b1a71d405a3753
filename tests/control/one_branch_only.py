# A variable assigned in one branch of a run-time if and used after it.
# example: x=randn(3) n=1
import torch
from torch import nn


class OneBranchOnly(nn.Module):
    def forward(self, x, n: int):
        if n > 0:
            y = x * 2
        else:
            z = x
        return y
