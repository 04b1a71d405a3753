# tsc2onnx: --example 'x=randn(2,3)' --limit memory=64M
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = [[i] * 1000000 for i in range(1000)]

    def forward(self, x):
        return x
