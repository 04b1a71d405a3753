# tsc2onnx: --example 'x=rand(4,3)'
# multinomial of integer weights: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.multinomial(x.long(), 1)
