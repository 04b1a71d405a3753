# tsc2onnx: --example 'x=randn(2,3)' --limit unroll=1000
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, x):
        for i in range(2000):
            x = x + 1
        return x
