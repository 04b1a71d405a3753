# tsc2onnx: --example 'x=randn(2,3)' --example n=1
import torch
import torch.nn as nn
import onnx


class M(nn.Module):
    def forward(self, x, n: int):
        return onnx.Transpose(x, perm=[n, 0])
