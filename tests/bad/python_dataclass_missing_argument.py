# tsc2onnx: --example 'x=randn(2,3)'
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class Config:
    width: int
    depth: int
    ratio: float = 1.0


class M(nn.Module):
    def __init__(self, cfg=Config(4)):
        super().__init__()
        self.cfg = cfg

    def forward(self, x):
        return x
