# A return from inside two nested run-time loops.
# example: x=rand(2) n=3 m=3 limit=40.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(2) n=0 m=3 limit=40.0
# inputs: x=ones(2) n=4 m=4 limit=10.0
# inputs: x=rand(2) n=2 m=1 limit=1000.0
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class ReturnNestedLoop(nn.Module):
    def forward(self, x, n: int, m: int, limit: float):
        for i in range(n):
            for j in range(m):
                x = x * 2 + j
                if total1(x) > limit:
                    return x, i
        return x * -1, n
