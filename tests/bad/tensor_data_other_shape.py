# tsc2onnx: --input x:float32[2,3]
# status: 1
# Tensor.data set to another shape (PyTorch allows it; a tensor here keeps its shape), and an attribute
# that is not data
import torch
from torch import nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        t = torch.zeros(2, 3)
        t.foo = 1
        t.data = torch.zeros(3)
        self.t = t
    def forward(self, x):
        return x + self.t
