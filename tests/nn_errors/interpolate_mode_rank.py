# Error case: interpolate mode rank.
# tsc2onnx: --input x:float32[N,3,8]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.interpolate(x, scale_factor=2, mode="bilinear")
