# A data-dependent if whose two branches compute the same value (x, once as
# relu(x) - relu(-x)): the trace keeps one branch and is still right for
# every input, so compare finds no divergence.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,4)
# inputs: x=ones(5,4)
# inputs: x=zeros(1,4)
# compare: agrees
import torch
from torch import nn
from _ctl import total


class IfSameResult(nn.Module):
    def forward(self, x):
        if total(x) > 0:
            y = torch.relu(x) - torch.relu(-x)
        else:
            y = x * 1.0
        return y * 2 + 1
