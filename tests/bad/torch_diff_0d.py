# tsc2onnx: --example 'x=randn(4,3)'
# torch.diff of a 0-d tensor: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.diff(x.sum())
