# tsc2onnx: --example 'x=randn(4,3)'
# Importing a function PyTorch has and tsc2onnx does not yet.
import torch
import torch.nn as nn
from torch import histc


class M(nn.Module):
    def forward(self, x):
        return histc(x)
