# continue under a run-time condition: the rest of the iteration is
# skipped on that path only.
# example: x=randn(2) n=6
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) n=0
# inputs: x=randn(2) n=1
# inputs: x=randn(2) n=11
# compare: diverges
import torch
from torch import nn


class ForContinue(nn.Module):
    def forward(self, x, n: int):
        odd = torch.zeros(2)
        even = torch.zeros(2)
        for i in range(n):
            if i % 2 == 1:
                odd = odd + x * i
                continue
            even = even + x + i
        return odd, even
