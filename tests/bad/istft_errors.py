# tsc2onnx: --example 'x=randn(2,64)' --opset 17
# torch.istft's checks, with PyTorch's messages: a spectrum whose number of
# frequencies does not match n_fft.
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x):
        z = torch.stft(x, 16, window=torch.hann_window(16), return_complex=True)
        return torch.istft(z, 15, window=torch.hann_window(15))
