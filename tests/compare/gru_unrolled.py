# A GRU cell unrolled over x.size(0) time steps: the same as
# lstm_unrolled.py for nn.GRUCell.
# example: x=randn(3,1,4)
# status: 3
import torch
from torch import nn


class GruUnrolled(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(4, 5)

    def forward(self, x):
        h = torch.zeros(1, 5)
        for t in range(x.size(0)):
            h = self.cell(x[t], h)
        return h
