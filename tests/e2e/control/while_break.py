# while True with a data-dependent break: the Loop's condition output is
# "not broken".
# example: x=rand(2,2) limit=50.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(2,2) limit=1.0
# inputs: x=ones(2,2) limit=1000.0
# inputs: x=rand(2,2) limit=-5.0
# compare: diverges
import torch
from torch import nn
from _ctl import total


class WhileBreak(nn.Module):
    def forward(self, x, limit: float):
        steps = 0
        while True:
            if total(x) > limit:
                break
            x = x * 2 + 0.5
            steps = steps + 1
        return x, steps
