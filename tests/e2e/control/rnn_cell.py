# A recurrent cell applied over a sequence whose length is known only at
# run time, with the outputs collected and stacked (a scan output).
# tsc2onnx: --dynamic x:0=T
# example: x=randn(5,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,3)
# inputs: x=randn(8,3)
# inputs: x=randn(2,3)
# compare: diverges
import torch
from torch import nn


class RnnCell(nn.Module):
    def __init__(self):
        super().__init__()
        self.ih = nn.Linear(3, 4)
        self.hh = nn.Linear(4, 4)
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        h = torch.zeros(4)
        outs = []
        for xt in x:
            h = torch.tanh(self.ih(xt) + self.hh(h))
            outs.append(self.out(h))
        return torch.stack(outs), h
