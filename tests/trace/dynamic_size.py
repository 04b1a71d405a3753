# With --dynamic, x.size(0) is known only at run time: the loop over it is
# unrolled as often as it ran on the example (and said so), while the size
# the result is scaled by stays computed from the input.
# tsc2onnx: --trace --dynamic x:0=N
# example: x=ones(2,3)
import torch
from torch import nn


class DynamicSize(nn.Module):
    def forward(self, x):
        acc = torch.zeros(3)
        for i in range(x.size(0)):
            acc = acc + x[i]
        return acc * x.size(0)
