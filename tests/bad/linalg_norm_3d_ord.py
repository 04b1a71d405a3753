# tsc2onnx: --example 'x=randn(4,3)'
# linalg.norm with an ord and no dim of a 3-D tensor: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.linalg.norm(x.unsqueeze(0), 1)
