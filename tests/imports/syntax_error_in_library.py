# tsc2onnx: --input x:float32[2]
# A module that does not parse fails its import; its error is the cause.
import torch
import torch.nn as nn
from _synerr import f


class M(nn.Module):
    def forward(self, x):
        return f(x)
