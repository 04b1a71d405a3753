# tsc2onnx: --example 'x=randn(2,3)'
import torch
import torch.nn as nn


from __future__ import annotations
class M(nn.Module):
    def forward(self, x):
        return x
