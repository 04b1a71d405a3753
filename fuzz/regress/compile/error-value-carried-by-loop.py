# An undefined name gives an error value; a run-time while loop carrying it
# made a NULL tensor of it (UBSan in sema/value.c; found by CI's fuzz smoke
# run).  Now the two name errors are reported and nothing else.
# example: x=randn(2) steps=3 rate=0.5
import torch
from torch import nn


class IntOfTensorWhileseq(nn.Module):
    def forward(self, x, steps, rate):
        k = 0
        r = frao(ltate)
        while k < int(steps):
            x = x * r + k
            k = k + 1
        return x
