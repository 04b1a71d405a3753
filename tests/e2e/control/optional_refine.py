# Optional[Tensor] values that are None on some run-time paths: made by a
# run-time if, returned by a helper that returns None on one path, refined
# by `is not None` in a conditional expression, in `and`, in an if and
# after `if ... is None: return`.
# example: x=randn(3)
# inputs: x=[-1.0,-1.0,-1.0]
# inputs: x=ones(3)
# inputs: x=[0.5,-2,0.25]
# compare: diverges
from typing import Optional

import torch
from torch import nn


def positive_part(x: torch.Tensor) -> Optional[torch.Tensor]:
    if bool(x.sum() > 0):
        return x.clamp(min=0.0)
    return None


class OptionalRefine(nn.Module):
    def forward(self, x):
        y: Optional[torch.Tensor] = None
        if bool(x.max() > 0.3):
            y = x * 2
        z = y if y is not None else -x
        big = y is not None and bool(y.sum() > 1)
        p = positive_part(x)
        if p is not None:
            z = z + p
        q = self.tail(p, x)
        return z, big, q

    def tail(self, p: Optional[torch.Tensor], x):
        if p is None:
            return x - 1.0
        return p * 3.0
