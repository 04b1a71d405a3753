# continue inside a while loop: the counter update happens before it.
# example: x=randn(2) n=6
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) n=0
# inputs: x=randn(2) n=1
# inputs: x=randn(2) n=9
# compare: diverges
import torch
from torch import nn


class WhileContinue(nn.Module):
    def forward(self, x, n: int):
        i = 0
        acc = x * 0
        while i < n:
            i += 1
            if i % 3 == 0:
                continue
            acc = acc + x * i
        return acc
