# Error case: interpolate size and scale.
# tsc2onnx: --input x:float32[N,3,8,8]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.interpolate(x, size=(4, 4), scale_factor=2)
