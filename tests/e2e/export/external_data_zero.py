# --external-data=0 moves every tensor to the .data file except the small
# integer ones (shapes, axes, indices), which ONNX Runtime must read while
# it loads the graph: ReduceSum's axes, Reshape's shape, Gather's indices.
# example: x=randn(2,3)
# inputs: x=randn(5,3)
# tsc2onnx: --dynamic x:0=N
# variants: --external-data=0 | --external-data=0 --opset 11
import torch
from torch import nn


class ExternalDataZero(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 4)

    def forward(self, x):
        y = self.fc(x)
        return y.sum(1).reshape(-1, 1), y[:, [0, 2]]
