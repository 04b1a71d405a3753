# tsc2onnx: --example 'x=randn(2,64)' --opset 17
# stft's complex result returned as it is: ONNX Runtime has no complex type,
# and the message names the real view that forward() can return.
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x: torch.Tensor):
        return torch.stft(x, 16, return_complex=True)
