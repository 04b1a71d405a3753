# tsc2onnx: --example 'x=randn(4,3)'
# << on a float tensor: PyTorch's error.
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        return x << 2
