# A misspelt module class gives an error value; the run-time loop that carried
# it made a NULL tensor of it (UBSan in sema/value.c; fuzz smoke seeds).
# Now only the name is reported.
# example: x=randn(2,4) n=2
import torch
from torch import nn


class RuntimeIndexModules(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.MoDuleList([nn.Linear(8, 4), nn.Linear(4, 4)])

    def forward(self, x, n: int):
        for i in range(n):
            x = self.layers[i](x)
        return x
