# A loop over range(x.size(1)) where axis 1 has a fixed size (only axis 0
# is dynamic): the loop runs while compiling, in the script graph as in a
# trace, so both are right for every input the model accepts.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,4)
# inputs: x=randn(6,4)
# inputs: x=ones(2,4)
# compare: agrees
import torch
from torch import nn


class StaticSizeLoop(nn.Module):
    def forward(self, x):
        acc = x[:, 0]
        for j in range(1, x.size(1)):
            acc = acc * 0.5 + x[:, j]
        return acc
