# An attribute declared Optional and set to None, then to a Module or a
# Parameter (torchvision's RegNet and MViT build their blocks this way):
# the last assignment wins, as in torch/nn/modules/module.py's __setattr__.
# example: x=randn(2,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(5,3)
# tsc2onnx: --dynamic x:0=N
from typing import Optional

import torch
import torch.nn as nn


class NoneThenModule(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj: Optional[nn.Module] = None
        self.proj = nn.Linear(3, 3)
        self.scale: Optional[nn.Parameter] = None
        self.scale = nn.Parameter(torch.full((3,), 2.0))

    def forward(self, x):
        if self.proj is not None:
            x = self.proj(x)
        if self.scale is not None:
            x = x * self.scale
        return x
