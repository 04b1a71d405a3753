# An undefined name leaves an error value; a while loop with a run-time
# condition carried it, and it was made into a NULL tensor (UBSan in
# sema/value/value.c; found by CI's fuzz smoke run).
# example: x=randn(2) n=3
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x, n: int):
        r = undefined_name
        while n > 0:
            x = x * r
            n = n - 1
        return x
