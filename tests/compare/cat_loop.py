# A list built by a loop over range(x.size(0)), then torch.cat: the trace
# concatenates as many items as the example had, so another batch size
# gives an output of another shape.
# example: x=randn(2,3)
# status: 3
import torch
from torch import nn


class CatLoop(nn.Module):
    def forward(self, x):
        parts = []
        for i in range(x.size(0)):
            parts.append(x[i] * (i + 1))
        return torch.cat(parts)
