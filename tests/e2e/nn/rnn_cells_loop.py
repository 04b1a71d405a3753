# LSTMCell and GRUCell stepped over a sequence whose length is known only
# at run time: an ONNX Loop carrying the states.
# tsc2onnx: --dynamic seq:0=T --dynamic seq:1=N
# example: seq=randn(6,3,5)
# inputs: seq=randn(2,1,5)
# opsets: 11 17
import torch
import torch.nn as nn


class Loop(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.LSTMCell(5, 4)
        self.gru = nn.GRUCell(5, 4)

    def forward(self, seq):
        h = torch.zeros(seq.size(1), 4)
        c = torch.zeros(seq.size(1), 4)
        g = torch.zeros(seq.size(1), 4)
        for t in range(seq.size(0)):
            h, c = self.cell(seq[t], (h, c))
            g = self.gru(seq[t], g)
        return h, c, g
