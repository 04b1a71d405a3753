# tsc2onnx: --input 'i:int64[2,3]'
# An error PyTorch itself raises, raised by the stdlib with PyTorch's message.
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, i):
        return i.logaddexp(i + 1)
