# tsc2onnx: --example 'x=randn(2,3)' --limit items=1000000
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = 'ab'
        for i in range(40):
            s = s + s

    def forward(self, x):
        return x
