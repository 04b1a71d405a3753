# tsc2onnx: --example 'boxes=rand(4,4)' --example 'scores=rand(4)' --opset 9
import torch
import torchvision
from torch import nn


class M(nn.Module):
    def forward(self, boxes: torch.Tensor, scores: torch.Tensor):
        return torchvision.ops.nms(boxes, scores, 0.5)
