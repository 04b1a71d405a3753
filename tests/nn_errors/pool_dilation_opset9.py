# Error case: pool dilation opset9.
# tsc2onnx: --input x:float32[N,3,8,8] --opset 9
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.max_pool2d(x, 2, dilation=2)
