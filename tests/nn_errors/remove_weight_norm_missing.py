# Error case: remove_weight_norm of a parameter without weight norm.
# tsc2onnx: --input x:float32[2,4]
import torch
import torch.nn as nn
from torch.nn.utils import weight_norm, remove_weight_norm


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = remove_weight_norm(weight_norm(nn.Linear(4, 3)), "bias")

    def forward(self, x):
        return self.fc(x)
