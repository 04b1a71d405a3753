# Error case: conv rank.
# tsc2onnx: --input x:float32[N,3,8]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv3d(3, 4, 3)

    def forward(self, x):
        return self.conv(x)
