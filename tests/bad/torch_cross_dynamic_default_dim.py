# tsc2onnx: --example 'x=randn(4,3)' --dynamic x:0=N
# torch.cross without dim takes the first dimension of size 3: a run-time
# sized dimension before it may be that one, so the call is refused.
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        return torch.cross(x, x * 2)
