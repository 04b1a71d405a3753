# Error case: torch.fx.wrap must be called at the top level of a module.
# tsc2onnx: --input x:float32[N,3]
import torch
import torch.fx
import torch.nn as nn


def helper(x):
    return x


class M(nn.Module):
    def __init__(self):
        super().__init__()
        torch.fx.wrap("helper")

    def forward(self, x):
        return helper(x)
