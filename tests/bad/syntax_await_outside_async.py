# tsc2onnx: --example 'x=randn(2,3)'
import torch
import torch.nn as nn


def f():
    await g()


class M(nn.Module):
    def forward(self, x):
        return x
