# tsc2onnx: --example 'x=randn(2,64)'
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x: torch.Tensor):
        return torch.stft(x, 16, return_complex=True)
