# tsc2onnx: --example 'x=randn(3)'
# A value that is None on some run-time paths returned from forward().
from typing import Optional

import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        y: Optional[torch.Tensor] = None
        if bool(x.sum() > 0):
            y = x * 2
        return y
