# A variable bound to different modules in the two branches.
# example: x=randn(2,4) n=1
import torch
from torch import nn


class DifferentModules(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)

    def forward(self, x, n: int):
        if n > 0:
            layer = self.a
        else:
            layer = self.b
        return layer(x)
