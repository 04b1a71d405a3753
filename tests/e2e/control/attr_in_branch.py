# An attribute of the module written in a run-time branch and read after
# it: attributes merge like variables.
# example: x=randn(3) n=1
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) n=-1
# inputs: x=ones(3) n=5
# inputs: x=zeros(3) n=0
# compare: diverges
import torch
from torch import nn


class AttrInBranch(nn.Module):
    def __init__(self):
        super().__init__()
        self.gain = 2.0

    def forward(self, x, n: int):
        self.gain = 2.0
        if n > 0:
            self.gain = 3.0 + n
        return x * self.gain
