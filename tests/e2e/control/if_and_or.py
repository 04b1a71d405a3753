# and / or on run-time values keep Python's short circuit: the right
# operand is evaluated on one side of an If only.
# example: a=2 b=5 flag=False
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: a=-1 b=5 flag=False
# inputs: a=3 b=1 flag=True
# inputs: a=0 b=0 flag=True
# compare: diverges
import torch
from torch import nn


class IfAndOr(nn.Module):
    def forward(self, a: int, b: int, flag: bool):
        x = torch.ones(2)
        if a > 0 and b > 2:
            x = x * 2
        if a < 0 or flag:
            x = x + 10
        if not (a == b) and (flag or b > 4):
            x = x - 3
        return x
