# tsc2onnx: --example 'x=randn(2,3)' --opset 12
import torch
import torch.nn as nn
import onnx


class M(nn.Module):
    def forward(self, x):
        return onnx.Mish(x)
