# A loop over a compile-time range is unrolled; when an iteration breaks
# under a run-time condition, the remaining iterations run under a guard.
# example: x=rand(3) limit=5.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(3) limit=0.5
# inputs: x=ones(3) limit=20.0
# inputs: x=zeros(3) limit=1000.0
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class StaticLoopDynBreak(nn.Module):
    def forward(self, x, limit: float):
        steps = 0
        for i in range(4):
            if total1(x) > limit:
                break
            x = x * 2 + i
            steps += 1
        return x, steps
