# tsc2onnx: --example 'x=randn(2,3)'
import torch
import torch.nn as nn
import onnx


class M(nn.Module):
    def forward(self, x):
        return onnx.Reluu(x)
