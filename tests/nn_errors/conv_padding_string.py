# Error case: conv padding string.
# tsc2onnx: --input x:float32[N,3,8,8]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.zeros(4, 3, 3, 3))

    def forward(self, x):
        return F.conv2d(x, self.w, padding="full")
