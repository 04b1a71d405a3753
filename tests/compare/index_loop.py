# A loop over range(x.size(0)) reading x[i], compared without --dynamic:
# the trace reads x[0] and x[1] whatever the size, so a larger input gives
# another sum (and a smaller one makes the trace index out of range).
# example: x=randn(2,3)
# status: 3
import torch
from torch import nn


class IndexLoop(nn.Module):
    def forward(self, x):
        acc = torch.zeros(3)
        for i in range(x.size(0)):
            acc = acc * 0.5 + x[i]
        return acc
