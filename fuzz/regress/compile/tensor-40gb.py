# tsc2onnx: --example 'x=randn(2,3)'
# torch.zeros(100000, 100000) in __init__ ended the process ("out of
# memory"); now the tensor-bytes limit.
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(100000, 100000)

    def forward(self, x):
        return x + torch.zeros(100000, 100000)
