# tsc2onnx: --example 'x=randn(4,3)'
# Tensor.unfold with a window larger than the dimension: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return x.unfold(1, 5, 1)
