# tsc2onnx: --example 'x=randn(2,3)'
# A limit inside a property read by getattr() with a default or by
# hasattr() is not taken as "no such attribute".
import torch
import torch.nn as nn


class Deep:
    @property
    def value(self):
        return self.value


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = getattr(Deep(), "value", 1.0)
        self.b = hasattr(Deep(), "value")

    def forward(self, x):
        return x * self.a
