# The call-depth limit inside the run-time branch: compare stops with the
# limit's error (as script and trace mode do) instead of comparing graphs
# that lack the branch.
# example: x=ones(2,3)
# status: 1
import torch
from torch import nn


def f(x, n: int):
    if n == 0:
        return x + 1
    return f(x, n - 1)


class Net(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            x = f(x, 600)
        return x
