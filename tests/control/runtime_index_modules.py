# A ModuleList indexed by the index of a run-time loop.
# example: x=randn(2,4) n=2
import torch
from torch import nn


class RuntimeIndexModules(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, x, n: int):
        for i in range(n):
            x = self.layers[i](x)
        return x
