# tsc2onnx: --example 'x=randn(2,3)'
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class Config:
    width: int = 4
    depth: int


class M(nn.Module):
    def forward(self, x):
        return x
