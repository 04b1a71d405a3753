# Item assignment with the loop index into a buffer made before a run-time
# loop: the buffer is carried by the Loop.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3) n=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(4,3) n=0
# inputs: x=randn(5,3) n=5
# inputs: x=randn(2,3) n=1
# compare: diverges
import torch
from torch import nn


class InplaceLoop(nn.Module):
    def forward(self, x, n: int):
        out = torch.zeros(x.size(0), 3)
        for i in range(n):
            out[i] = x[i] * (i + 1)
        return out
