# A list whose length is known only at run time returned from forward():
# an ONNX sequence output, which opset 10 does not have.
# tsc2onnx: --opset 10
# example: x=randn(3) n=2
import torch
from torch import nn


class SequenceOpset10(nn.Module):
    def forward(self, x, n: int):
        xs = []
        for i in range(n):
            if i % 2 == 0:
                xs.append(x * i)
        return xs
