# tsc2onnx: --example 'x=randn(4,3)'
# meshgrid of float32 and float64: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.meshgrid(x[0], x[1].double())
