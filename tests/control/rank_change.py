# A loop-carried tensor whose rank changes in the loop.
# example: x=randn(3) n=2
import torch
from torch import nn


class RankChange(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            x = x.unsqueeze(0)
        return x
