# Both branches compute the same values, so no input set shows a
# divergence: compare lists what it tried (other sizes of the dynamic
# axis 0; axis 1 is fixed in the trace, which rejects other sizes) and
# exits 0.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2)
import torch
from torch import nn


class Agrees(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            y = torch.relu(x) - torch.relu(-x)
        else:
            y = x * 1.0
        return y + 1
