# tsc2onnx: --example 'x=randn(4,3)'
# view_as_complex needs a last dimension of 2 and view_as_real a complex
# tensor: PyTorch's errors.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        y = torch.view_as_real(x)
        return torch.view_as_complex(x)
