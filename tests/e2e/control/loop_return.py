# return inside a loop with a run-time trip count: the return flag and
# value are carried out of the Loop, and the code after the loop runs only
# when nothing returned.
# example: x=rand(2) n=5 limit=10.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(2) n=0 limit=10.0
# inputs: x=rand(2) n=2 limit=1000.0
# inputs: x=ones(2) n=30 limit=50.0
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class LoopReturn(nn.Module):
    def forward(self, x, n: int, limit: float):
        for i in range(n):
            x = x * 3
            if total1(x) > limit:
                return x - i
        return x + 1000
