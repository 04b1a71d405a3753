# `is None` on an optional input is decided at compile time (the input is
# given or not); a run-time if on the given input follows.
# example: x=randn(3) bias=randn(3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) bias=zeros(3)
# inputs: x=ones(3) bias=ones(3)
# inputs: x=randn(3) bias=randn(3)
# compare: diverges
from typing import Optional

import torch
from torch import nn
from _ctl import total1


class OptionalInput(nn.Module):
    def forward(self, x, bias: Optional[torch.Tensor] = None, scale: Optional[torch.Tensor] = None):
        if bias is not None:
            if total1(bias) > 0:
                x = x + bias
            else:
                x = x - bias
        if scale is None:
            x = x * 2
        return x
