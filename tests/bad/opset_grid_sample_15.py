# tsc2onnx: --example 'x=randn(1,2,4,4)' --example 'g=rand(1,3,3,2)' --opset 15
import torch
import torch.nn.functional as F
from torch import nn


class M(nn.Module):
    def forward(self, x: torch.Tensor, g: torch.Tensor):
        return F.grid_sample(x, g, align_corners=False)
