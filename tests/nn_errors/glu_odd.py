# Error case: glu odd.
# tsc2onnx: --input x:float32[N,5]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.glu(x)
