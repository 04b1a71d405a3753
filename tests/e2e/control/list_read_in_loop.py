# A list read inside the loop that builds it (len and the last item): a
# sequence carried by the Loop.
# example: x=randn(2) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) n=0
# inputs: x=randn(2) n=1
# inputs: x=randn(2) n=8
# compare: diverges
import torch
from torch import nn


class ListReadInLoop(nn.Module):
    def forward(self, x, n: int):
        hist = [x]
        for i in range(n):
            prev = hist[-1]
            hist.append(prev * 0.5 + len(hist))
        return torch.cat(hist), hist[0] + hist[-1]
