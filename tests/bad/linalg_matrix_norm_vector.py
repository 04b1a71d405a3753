# tsc2onnx: --example 'x=randn(4,3)'
# linalg.matrix_norm of a vector: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.linalg.matrix_norm(x[0])
