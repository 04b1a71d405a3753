# tsc2onnx: --example 'x=randn(4,3)'
# linalg.matrix_norm over the same dim twice: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.linalg.matrix_norm(x, dim=(1, -1))
