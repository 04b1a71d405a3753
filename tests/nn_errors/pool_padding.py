# Error case: pool padding.
# tsc2onnx: --input x:float32[N,3,8,8]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.MaxPool2d(3, padding=2)

    def forward(self, x):
        return self.pool(x)
