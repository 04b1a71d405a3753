# In-place writes under a run-time condition: an item assignment and an
# in-place method on a tensor made before the if, and a view of it read
# after the if (it sees the write only on the path that made it).
# example: x=randn(4) c=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(4) c=False
# inputs: x=ones(4) c=True
# inputs: x=zeros(4) c=False
# compare: diverges
import torch
from torch import nn


class InplaceBranch(nn.Module):
    def forward(self, x, c: bool):
        y = x * 1
        head = y[:2]
        if c:
            y[0] = 10.0
            y.add_(1.0)
        return y, head * 2
