# tsc2onnx: --example 'x=randn(4,3)'
# Names PyTorch has and tsc2onnx does not yet: each says so, with no guess at a supported name of similar spelling (histc is not dist, hfft2 is not hfft; stft, istft and torch.fft.fft are supported now).
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.histc(x), x.lu(), F.gumbel_softmax(x), torch.fft.hfft2(x), torch.linalg.svd(x), torch.special.i1(x), torch.Tensor.lu(x)
