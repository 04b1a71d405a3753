# x[n] with n a Python number: the trace reads x[1] whatever n is.  n=2 is
# out of range for the script too (a row saying so, not a divergence);
# n=0 shows the divergence.
# example: x=arange(2):float32 n=1
# status: 3
import torch
from torch import nn


class ScriptFails(nn.Module):
    def forward(self, x, n: int):
        return x[n] * 10
