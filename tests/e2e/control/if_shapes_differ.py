# Branches that give different shapes: the If output gets an unknown
# dimension where they differ.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) n=1
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2) n=0
# inputs: x=randn(4,2) n=7
# inputs: x=randn(1,2) n=-3
# compare: diverges
import torch
from torch import nn


class IfShapesDiffer(nn.Module):
    def forward(self, x, n: int):
        if n > 0:
            y = torch.cat([x, x], 0)
        else:
            y = x
        return y * 2, y.size(0)
