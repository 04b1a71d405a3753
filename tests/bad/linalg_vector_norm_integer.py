# tsc2onnx: --example 'x=randn(4,3)'
# linalg.vector_norm of an integer tensor: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.linalg.vector_norm(x.long())
