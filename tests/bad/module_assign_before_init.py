# tsc2onnx: --example 'x=randn(2,3)'
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        self.lin = nn.Linear(3, 3)
        super().__init__()

    def forward(self, x):
        return x
