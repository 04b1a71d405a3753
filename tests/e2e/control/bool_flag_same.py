# A bool input chooses between two ways of writing the same thing: the trace
# freezes the flag but the other branch would give the same outputs.
# example: x=randn(2,3) flag=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,3) flag=False
# inputs: x=ones(2,3) flag=True
# inputs: x=zeros(2,3) flag=False
# compare: agrees
import torch
from torch import nn


class BoolFlagSame(nn.Module):
    def forward(self, x, flag: bool):
        if flag:
            y = torch.cat([x, x], 0)
        else:
            y = torch.stack([x, x]).reshape(4, 3)
        return y.sum(1), y.size(0)
