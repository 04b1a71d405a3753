# tsc2onnx: --example 'x=randn(3,3)'
# torch.det of an integer matrix: PyTorch's error.
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        return torch.det(x.long())
