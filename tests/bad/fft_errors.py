# tsc2onnx: --example 'x=randn(2,8)'
# torch.fft's argument checks, with PyTorch's messages: rfft of a complex
# tensor.
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x):
        z = torch.fft.fft(x)
        return torch.view_as_real(torch.fft.rfft(z))
