# A list whose length is known only at run time returned from forward(): a
# graph output of sequence type (the text syntax of onnx 1.12 has no
# sequence types, so comments give them).
# tsc2onnx: --opset 15
# example: x=randn(2) n=3
import torch
from torch import nn


class ListOutput(nn.Module):
    def forward(self, x, n: int):
        xs = []
        for i in range(n):
            if i != 1:
                xs.append(x * i)
        return xs
