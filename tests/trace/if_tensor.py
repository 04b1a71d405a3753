# An if on a tensor: the condition is converted to a Python bool, frozen to
# its value on the example, and only the branch taken is kept.
# tsc2onnx: --trace
# example: x=ones(2,2)
import torch
from torch import nn


class IfTensor(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            y = torch.relu(x) * 2
        else:
            y = torch.sigmoid(x)
        return y
