# softmax and log_softmax over every dim of a 3-D input (before opset 13
# Softmax flattens the trailing axes, so a non-last dim is transposed last),
# with a dtype argument and on integer input.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,3,4) i=rand(2,5):int64
# inputs: x=randn(3,3,4) i=rand(2,5):int64
# opsets: 11 13 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
import torch.nn.functional as F
from torch import nn


class Softmax(nn.Module):
    def forward(self, x: torch.Tensor, i: torch.Tensor):
        return (
            torch.softmax(x, 0), torch.softmax(x, 1), torch.softmax(x, -1), x.softmax(dim=-2),
            torch.log_softmax(x, 0), x.log_softmax(1), F.softmax(x, dim=2), F.log_softmax(x, dim=-3),
            torch.softmax(x, 1, dtype=torch.float64), torch.softmax(i.float(), 1), F.softmax(x[0, 0], 0),
        )
