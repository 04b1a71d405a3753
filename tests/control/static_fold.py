# Control flow on compile-time values is evaluated while compiling: no If
# or Loop in the graph, only the computation on the input that the taken
# paths do.
# tsc2onnx: --arg depth=3
# example: x=randn(2,3)
import torch
from torch import nn


class StaticFold(nn.Module):
    def __init__(self, depth: int = 2):
        super().__init__()
        self.depth = depth
        self.scale = 0.5

    def forward(self, x):
        k = 0
        while k < self.depth:
            k += 1
        if k == 3 and self.scale < 1:
            x = x * self.scale
        else:
            x = x + 100
        for i in range(self.depth):
            if i % 2 == 1:
                continue
            x = x + i
        return x
