# A misspelt nn class leaves an error value in self.layer; a for loop over
# a run-time range carried what it computed, and it was made into a NULL
# tensor (UBSan in sema/value/value.c; found by fuzz/compile).
# example: x=randn(2,4) n=2
import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Lineer(4, 4)

    def forward(self, x, n: int):
        for i in range(n):
            x = self.layer(x)
        return x
