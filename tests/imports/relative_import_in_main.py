# tsc2onnx: --input x:float32[2]
# The model's file is __main__: a relative import has no package to be
# relative to (Python's message).
import torch
import torch.nn as nn
from .helpers import g


class M(nn.Module):
    def forward(self, x):
        return g(x)
