# Error case: weight_norm twice on the same parameter.
# tsc2onnx: --input x:float32[2,4]
import torch
import torch.nn as nn
from torch.nn.utils import weight_norm


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = weight_norm(weight_norm(nn.Linear(4, 3)))

    def forward(self, x):
        return self.fc(x)
