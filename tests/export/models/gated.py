# Two heads chosen by a run-time condition on the input: a trace keeps the
# branch its example took, so it reads only one head's parameters.
import torch
from torch import nn


class Gated(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Linear(4, 6)
        self.pos = nn.Linear(6, 3)
        self.neg = nn.Linear(6, 3)

    def forward(self, x):
        h = torch.relu(self.trunk(x))
        if x.sum() > 0:
            y = self.pos(h)
        else:
            y = self.neg(h)
        return y
