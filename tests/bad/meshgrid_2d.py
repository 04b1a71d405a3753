# tsc2onnx: --example 'x=randn(4,3)'
# meshgrid of a matrix: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.meshgrid(x, x[0])
