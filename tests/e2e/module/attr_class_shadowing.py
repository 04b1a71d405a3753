# Class attributes and instance attributes of an nn.Module, looked up as
# Python does: an instance attribute shadows a class attribute, and a
# class attribute shadows a submodule or parameter registered under the
# same name (Module.__getattr__ runs only when the ordinary lookup fails).
# example: x=randn(2,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(4,3)
# tsc2onnx: --dynamic x:0=N
import torch
import torch.nn as nn


class ClassShadowing(nn.Module):
    gain = 1.0
    proj = None
    bias_scale: float = 4.0

    def __init__(self):
        super().__init__()
        self.gain = 3.0
        self.proj = nn.Linear(3, 3)
        self.other = nn.Linear(3, 3)

    def forward(self, x):
        if self.proj is None:
            x = self.other(x) * self.gain
        else:
            x = self.proj(x)
        return x + self.bias_scale
