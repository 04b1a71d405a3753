# An LSTM cell unrolled over x.size(0) time steps: the trace runs as many
# steps as the example had, so a longer sequence gives another final state.
# example: x=randn(3,1,4)
# status: 3
import torch
from torch import nn


class LstmUnrolled(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.LSTMCell(4, 5)

    def forward(self, x):
        h = torch.zeros(1, 5)
        c = torch.zeros(1, 5)
        for t in range(x.size(0)):
            h, c = self.cell(x[t], (h, c))
        return h
