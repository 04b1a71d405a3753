# Error case: alpha dropout train.
# tsc2onnx: --input x:float32[N,4]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.alpha_dropout(x, 0.2, training=True)
