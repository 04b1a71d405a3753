# tsc2onnx: --example 'x=randn(3)' --example 'n=2'
# A value that failed in one branch of a run-time if (an undefined name),
# merged with the other branch's tensor and carried by a run-time loop:
# only the name is reported, once.
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x, n: int):
        if x.sum() > 0:
            y = x * scale
        else:
            y = torch.relu(x)
        for _ in range(n):
            y = y + 1
        return y
