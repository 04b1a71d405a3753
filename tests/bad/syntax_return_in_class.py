# tsc2onnx: --example 'x=randn(2,3)'
import torch
import torch.nn as nn


class A:
    return 1


class M(nn.Module):
    def forward(self, x):
        return x
