# Error case: rrelu train.
# tsc2onnx: --input x:float32[N,4]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.rrelu(x, training=True)
