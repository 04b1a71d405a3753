# tsc2onnx: --example 'x=randn(2,8)'
# Complex tensors reach no operation written for real ones: a method they
# lack and a torch function that takes real tensors are refused, each
# with its own error; view_as_real of a lazily conjugated tensor raises
# PyTorch's error.
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x):
        z = torch.complex(x, x)
        a = z.sum()
        b = torch.exp(z)
        c = torch.view_as_real(z.conj())
        return x
