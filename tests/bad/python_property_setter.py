# tsc2onnx: --example 'x=randn(2,3)'
import torch
import torch.nn as nn


def get_scale(self):
    return self._scale


def set_scale(self, value):
    self._scale = value


class Scaled(nn.Module):
    scale = property(get_scale, set_scale)

    def __init__(self):
        super().__init__()
        self._scale = 2.0

    def forward(self, x):
        return x * self.scale
