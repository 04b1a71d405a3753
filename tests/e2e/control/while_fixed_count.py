# A while loop on a run-time counter (a 0-d tensor computed from the input,
# always 0 for finite inputs) that runs three times whatever the data: the
# unrolled trace is right for every finite input.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(4,3)
# inputs: x=ones(1,3)
# inputs: x=zeros(3,3)
# compare: agrees
import torch
from torch import nn
from _ctl import total


class WhileFixedCount(nn.Module):
    def forward(self, x):
        i = total(x) * 0
        while i < 3:
            x = x * 0.5 + 1
            i = i + 1
        return x
