# Branches that give different element types: an int tensor and a float
# tensor merge as float (PyTorch's promotion), and so do an int 0-d tensor
# and a float one.
# example: x=randn(4) i=rand(4):int64 c=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(4) i=rand(4):int64 c=False
# inputs: x=ones(4) i=zeros(4):int64 c=True
# inputs: x=zeros(4) i=rand(4):int64 c=False
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class IfPromote(nn.Module):
    def forward(self, x, i, c: bool):
        if c:
            y = i * 2
            s = total1(i * 1.0) * 3
        else:
            y = x / 2
            s = total1(x) * 0.5
        # the outputs are float on both paths in PyTorch too
        return y + 0.5, s * 1.0
