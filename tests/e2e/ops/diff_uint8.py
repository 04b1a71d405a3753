# torch.diff of uint8 wraps around as PyTorch's subtraction does (ONNX's Sub
# takes uint8 from opset 14; before, the compiler refuses it).
# example: x=[1,5,2,200]:uint8
# opsets: 14 17
import torch
from torch import nn


class DiffUint8(nn.Module):
    def forward(self, x: torch.Tensor):
        return torch.diff(x), x.diff(n=2), torch.diff(x, prepend=torch.tensor([255], dtype=torch.uint8))
