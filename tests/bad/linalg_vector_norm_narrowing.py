# tsc2onnx: --example 'x=randn(4,3)'
# linalg.vector_norm with a dtype narrower than the input's: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.linalg.vector_norm(x.double(), dtype=torch.float32)
