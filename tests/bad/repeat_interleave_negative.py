# tsc2onnx: --example 'x=randn(4,3)'
# repeat_interleave with a negative count: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return x.repeat_interleave(torch.tensor([1, -1, 2]), dim=1)
