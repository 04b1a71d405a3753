# tsc2onnx: --example 'x=randn(2,3)'
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass(frozen=True)
class Config:
    width: int


class M(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = Config(4)
        cfg.width = 8

    def forward(self, x):
        return x
