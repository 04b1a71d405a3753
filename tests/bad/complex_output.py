# tsc2onnx: --example 'x=randn(2,8)'
# A complex tensor returned from forward(): ONNX Runtime has no complex type.
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x):
        return torch.fft.rfft(x)
