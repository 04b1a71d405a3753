# Error case: remove_spectral_norm of a module without spectral norm.
# tsc2onnx: --input x:float32[2,4]
import torch
import torch.nn as nn
from torch.nn.utils import remove_spectral_norm


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = remove_spectral_norm(nn.Linear(4, 3))

    def forward(self, x):
        return self.fc(x)
