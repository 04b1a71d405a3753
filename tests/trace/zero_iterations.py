# A loop that does not run on the example: nothing is emitted for it; the
# list it would fill stays empty, so the result is the initial value.
# tsc2onnx: --trace
# example: x=ones(2) n=0
import torch
from torch import nn


class ZeroIterations(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            x = torch.tanh(x) + i
        return x
