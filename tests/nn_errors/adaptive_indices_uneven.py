# Error case: adaptive indices uneven.
# tsc2onnx: --input x:float32[N,3,8,8]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.adaptive_max_pool2d(x, 3, return_indices=True)
