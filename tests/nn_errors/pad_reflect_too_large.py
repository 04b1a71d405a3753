# Error case: pad reflect too large.
# tsc2onnx: --input x:float32[N,3,4]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.pad(x, (4, 1), mode="reflect")
