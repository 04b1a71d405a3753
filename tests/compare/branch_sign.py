# A branch on the sign of a sum: flipping the input's sign takes the other
# branch; the counterexample is small enough to be written as a literal.
# example: x=randn(2,2)
# status: 3
import torch
from torch import nn


class BranchSign(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x * 2
        return x - 1
