# The same branch on a larger input: the counterexample is written as a
# .npy file in the directory -o names.
# example: x=randn(10,10)
# status: 3
import torch
from torch import nn


class BranchBig(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x * 2
        return x - 1
