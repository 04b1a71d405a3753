# Tuples returned from the branches of an if/elif chain.
# example: x=randn(3) n=1
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) n=-1
# inputs: x=randn(3) n=0
# inputs: x=ones(3) n=7
# compare: diverges
import torch
from torch import nn


class ReturnTupleBranches(nn.Module):
    def forward(self, x, n: int):
        if n > 0:
            return x * 2, x + 1
        elif n < 0:
            return x, -x
        return x * 0, x * 0
