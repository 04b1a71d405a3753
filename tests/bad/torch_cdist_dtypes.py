# tsc2onnx: --example 'x=randn(4,3)'
# torch.cdist of float32 and float64: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.cdist(x, x.double())
