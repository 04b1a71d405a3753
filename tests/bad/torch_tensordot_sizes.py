# tsc2onnx: --example 'x=randn(2,3,4)'
# torch.tensordot of contracted dimensions of different sizes: PyTorch's error.
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        return torch.tensordot(x, x, dims=([1], [2]))
