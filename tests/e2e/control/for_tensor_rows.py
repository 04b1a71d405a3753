# for over a tensor whose first axis is dynamic: one row per iteration.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,4)
# inputs: x=randn(6,4)
# inputs: x=randn(2,4)
# compare: diverges
import torch
from torch import nn


class ForTensorRows(nn.Module):
    def forward(self, x):
        acc = torch.zeros(4)
        for row in x:
            acc = acc * 0.5 + torch.relu(row)
        return acc
