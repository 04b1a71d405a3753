# break under a run-time condition inside a for loop with a run-time trip
# count; the values at the break flow out of the loop.
# example: x=rand(3) n=10 limit=20.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(3) n=0 limit=20.0
# inputs: x=rand(3) n=3 limit=1000.0
# inputs: x=ones(3) n=50 limit=100.0
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class ForBreak(nn.Module):
    def forward(self, x, n: int, limit: float):
        used = 0
        for i in range(n):
            if total1(x) > limit:
                break
            x = x * 2 + 1
            used = i + 1
        return x, used
