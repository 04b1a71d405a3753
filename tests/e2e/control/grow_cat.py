# A tensor that grows in every iteration (h = torch.cat([h, x])): the
# loop-carried value gets a dynamic first dimension.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,3) n=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,3) n=0
# inputs: x=randn(3,3) n=1
# inputs: x=randn(2,3) n=5
# compare: diverges
import torch
from torch import nn


class GrowCat(nn.Module):
    def forward(self, x, n: int):
        h = x
        for i in range(n):
            h = torch.cat([h, x * i], 0)
        return h, h.size(0)
