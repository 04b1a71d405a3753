# Error case: adaptive dynamic.
# tsc2onnx: --input x:float32[N,3,H,W]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2d((3, 3))

    def forward(self, x):
        return self.pool(x)
