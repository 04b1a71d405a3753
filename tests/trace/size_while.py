# A while loop whose bound is a size of a dynamic axis: unrolled as often
# as it ran, and the warning says the trace is only valid for the input
# sizes that make it run so; the Reshape by int(x.size(0)) stays computed
# from the input.
# tsc2onnx: --trace --dynamic x:0=N
# example: x=ones(2,3)
import torch
from torch import nn


class SizeWhile(nn.Module):
    def forward(self, x):
        n = x.size(0)
        acc = torch.zeros(3)
        i = 0
        while i < n:
            acc = acc + x[i]
            i += 1
        y = x.reshape(int(x.size(0)) * 3)
        return acc, y
