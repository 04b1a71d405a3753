# Run-time control flow inside a helper function and a submodule: early
# returns merge into the function's result.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) mode=1
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2) mode=0
# inputs: x=randn(4,2) mode=2
# inputs: x=randn(1,2) mode=-1
# compare: diverges
import torch
from torch import nn


def clamp_mode(x, mode: int):
    if mode == 0:
        return x
    if mode == 1:
        return torch.relu(x)
    return torch.sigmoid(x) * mode


class Gate(nn.Module):
    def forward(self, x, mode: int):
        if mode > 0:
            x = x * 2
        return x


class HelperFunction(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = Gate()

    def forward(self, x, mode: int):
        return clamp_mode(self.gate(x, mode), mode)
