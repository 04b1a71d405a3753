# tsc2onnx: --input 'x:float32[2,3]' --limit eval-steps=100000
# The step limit inside a run-time conditional expression.
import torch
import torch.nn as nn


def spin(x):
    n = 0
    while n >= 0:
        n += 1
    return x


class Net(nn.Module):
    def forward(self, x):
        return spin(x) if x.sum() > 0 else x
