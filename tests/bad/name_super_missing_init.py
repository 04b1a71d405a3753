# tsc2onnx: --example 'x=randn(2,3)'
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        return self.fc(x)
