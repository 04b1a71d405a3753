# tsc2onnx: --example 'x=randn(1,2,6,6)' --example 'rois=rand(3,5)' --opset 15
import torch
import torchvision
from torch import nn


class M(nn.Module):
    def forward(self, x: torch.Tensor, rois: torch.Tensor):
        return torchvision.ops.roi_align(x, rois, 2, aligned=True)
