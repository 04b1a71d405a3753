# Error case: group norm groups.
# tsc2onnx: --input x:float32[N,6,4,4]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.group_norm(x, 4)
