# A loop over a dynamic axis: the trace (made with --dynamic) takes other
# sizes but still runs the loop twice; the counterexample is the same
# generator at another size.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,3)
# status: 3
import torch
from torch import nn


class SizeLoop(nn.Module):
    def forward(self, x):
        acc = torch.zeros(3)
        for i in range(x.size(0)):
            acc = acc + x[i]
        return acc
