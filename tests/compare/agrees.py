# Both branches compute the same values, so no input set shows a
# divergence: compare lists what it tried (other sizes of every axis, 0
# included: the trace takes the script's dynamic axes) and exits 0.
# example: x=randn(3,2)
import torch
from torch import nn


class Agrees(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            y = torch.relu(x) - torch.relu(-x)
        else:
            y = x * 1.0
        return y + 1
