# A while condition joined with `and`: the second test is evaluated only
# while the first holds, at the top of the loop and after each iteration.
# example: x=rand(3) n=10 limit=20.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(3) n=2 limit=20.0
# inputs: x=ones(3) n=0 limit=5.0
# inputs: x=zeros(3) n=4 limit=-1.0
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class WhileAndCond(nn.Module):
    def forward(self, x, n: int, limit: float):
        i = 0
        while i < n and total1(x) < limit:
            x = x * 2 + 1
            i = i + 1
        return x, i
