# tsc2onnx: --example 'x=[1, 2, 0]:int32'
# F.one_hot of int32 indices: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return F.one_hot(x, 3)
