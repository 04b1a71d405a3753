# tsc2onnx: --example 'x=randn(2)' --example 'steps=3'
# A value that failed (undefined names) and is then carried through a
# run-time loop: only the names are reported.
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x, steps):
        k = 0
        r = frao(ltate)
        while k < int(steps):
            x = x * r + k
            k = k + 1
        return x
