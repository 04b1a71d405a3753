# A run-time break inside a static if, and a static continue in an
# unrolled inner loop, inside a run-time loop.
# example: x=rand(3) n=5 flag=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(3) n=5 flag=False
# inputs: x=rand(3) n=0 flag=True
# inputs: x=ones(3) n=9 flag=True
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class BreakInStaticIf(nn.Module):
    def __init__(self):
        super().__init__()
        self.early = True

    def forward(self, x, n: int, flag: bool):
        for i in range(n):
            if self.early:
                if flag and total1(x) > 4:
                    break
            for j in range(2):
                if j == 1:
                    continue
                x = x + 1
        return x
