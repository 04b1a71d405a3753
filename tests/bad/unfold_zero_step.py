# tsc2onnx: --example 'x=randn(4,3)'
# Tensor.unfold with step 0: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return x.unfold(0, 2, 0)
