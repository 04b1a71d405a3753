# tsc2onnx: --example 'x=rand(4,3)'
# multinomial of 3-D weights: PyTorch's error.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.multinomial(x.unsqueeze(0), 1)
