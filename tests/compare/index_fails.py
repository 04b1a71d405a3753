# A loop over range(x.size(0)) that reads x[i] for the first two steps
# only: larger inputs agree, but with x.size(0) == 1 the trace (unrolled
# twice) still reads x[1] and fails where the script runs: a divergence.
# example: x=randn(2,3)
# status: 3
import torch
from torch import nn


class IndexFails(nn.Module):
    def forward(self, x):
        acc = torch.zeros(3)
        for i in range(x.size(0)):
            if i < 2:
                acc = acc + x[i]
        return acc
