# Attributes of a plain object carried by a run-time loop.
# example: x=rand(3) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(3) n=0
# inputs: x=rand(3) n=1
# inputs: x=ones(3) n=7
# compare: diverges
import torch
from torch import nn


class State:
    def __init__(self, h):
        self.h = h
        self.count = 0


class ObjAttrLoop(nn.Module):
    def forward(self, x, n: int):
        s = State(x)
        for i in range(n):
            s.h = s.h * 2 + i
            s.count = s.count + 1
        return s.h, s.count
