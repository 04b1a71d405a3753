# Error case: layer norm shape.
# tsc2onnx: --input x:float32[N,6,4]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(6)

    def forward(self, x):
        return self.ln(x)
