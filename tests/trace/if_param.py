# A bool parameter is a Python number: the trace freezes it, and the branch
# on it is told at the parameter (not again at the if).
# tsc2onnx: --trace
# example: x=ones(2) flag=False
import torch
from torch import nn


class IfParam(nn.Module):
    def forward(self, x, flag: bool):
        if flag:
            return x + 1
        return x - 1
