# Error case: lrn even.
# tsc2onnx: --input x:float32[N,6,4,4]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lrn = nn.LocalResponseNorm(4)

    def forward(self, x):
        return self.lrn(x)
