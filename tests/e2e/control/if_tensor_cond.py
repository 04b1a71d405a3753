# if on a tensor: the condition is a 0-d tensor computed from the input.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,4)
# inputs: x=ones(5,4)
# inputs: x=zeros(1,4)
# compare: diverges
import torch
from torch import nn
from _ctl import total


class IfTensorCond(nn.Module):
    def forward(self, x):
        s = total(x)
        if s > 0:
            out = torch.relu(x) * s
        else:
            out = torch.sigmoid(x) - s
        return out
