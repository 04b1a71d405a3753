# An early return under a run-time condition: the rest of forward runs in
# the other branch (no placeholder value).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) n=1
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2) n=-1
# inputs: x=randn(4,2) n=0
# inputs: x=randn(5,2) n=9
# compare: diverges
import torch
from torch import nn


class EarlyReturn(nn.Module):
    def forward(self, x, n: int):
        if n < 0:
            return x * -1
        y = x + n
        if n > 5:
            return y * 2
        return torch.relu(y)
