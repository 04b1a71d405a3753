# tsc2onnx: --example 'x=randn(2,3)'
# torch.arange to infinity converted infinity to an integer (undefined
# behaviour); a count beyond 2^63 likewise.
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.arange(0, 1e30, 1e-30)
        self.b = torch.arange(0, float('inf'))

    def forward(self, x):
        return x
