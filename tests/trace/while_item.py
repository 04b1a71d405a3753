# A while loop on a tensor condition with .item() and float() reads: the
# loop is unrolled, every conversion is frozen (one warning per place,
# with the values of each execution).
# tsc2onnx: --trace
# example: x=ones(2) limit=10.0
import torch
from torch import nn


class WhileItem(nn.Module):
    def forward(self, x, limit):
        k = 0
        while x.sum().item() < float(limit):
            x = x * 2
            k += 1
        return x, k
