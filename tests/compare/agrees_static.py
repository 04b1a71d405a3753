# As agrees.py, with --static-shapes: the trace keeps the examples' sizes
# except the --dynamic axis 0, so it rejects other sizes of axis 1, which
# is not a divergence.
# tsc2onnx: --dynamic x:0=N --static-shapes
# example: x=randn(3,2)
import torch
from torch import nn


class AgreesStatic(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            y = torch.relu(x) - torch.relu(-x)
        else:
            y = x * 1.0
        return y + 1
