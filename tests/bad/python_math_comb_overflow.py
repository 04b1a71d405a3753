# tsc2onnx: --example 'x=randn(2,3)'
import math

import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = math.comb(100, 50)

    def forward(self, x):
        return x * self.k
