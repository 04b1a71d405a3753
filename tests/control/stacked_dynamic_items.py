# Below opset 13 a list carried through a Loop travels stacked; a list that
# starts empty and whose items have a run-time dimension needs opset 13.
# tsc2onnx: --opset 11 --dynamic x:0=N
# example: x=randn(3) n=2
import torch
from torch import nn


class StackedDynamicItems(nn.Module):
    def forward(self, x, n: int):
        xs = []
        for i in range(n):
            if i % 2 == 0:
                xs.append(x * i)
        return torch.stack(xs)
