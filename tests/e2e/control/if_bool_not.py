# A bool input, `not`, and a variable assigned before the if and changed in
# one branch only.
# example: x=randn(3) flag=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) flag=False
# inputs: x=ones(3) flag=True
# inputs: x=zeros(3) flag=False
# compare: diverges
import torch
from torch import nn


class IfBoolNot(nn.Module):
    def forward(self, x, flag: bool):
        y = x * 3
        if not flag:
            y = y - x
        return y
