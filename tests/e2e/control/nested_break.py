# break in an inner loop leaves only the inner loop; continue in the outer.
# example: x=rand(2) n=4 m=5 limit=30.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(2) n=0 m=5 limit=30.0
# inputs: x=rand(2) n=3 m=0 limit=30.0
# inputs: x=ones(2) n=6 m=3 limit=4.0
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class NestedBreak(nn.Module):
    def forward(self, x, n: int, m: int, limit: float):
        hits = 0
        for i in range(n):
            if i == 1:
                continue
            y = x * (i + 1)
            for j in range(m):
                if total1(y) > limit:
                    hits += 1
                    break
                y = y + j
            x = x + y * 0.01
        return x, hits
