# tsc2onnx: --example 'x=randn(2,3)'
from abc import ABC, abstractmethod

import torch
import torch.nn as nn


class Head(ABC):
    @abstractmethod
    def scale(self):
        ...

    @abstractmethod
    def shift(self):
        ...


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = Head()

    def forward(self, x):
        return x
