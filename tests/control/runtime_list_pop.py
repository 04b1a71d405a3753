# list.pop() on a list whose length is known only at run time.
# example: x=randn(3) n=2
import torch
from torch import nn


class RuntimeListPop(nn.Module):
    def forward(self, x, n: int):
        xs = []
        for i in range(n):
            xs.append(x * i)
        last = xs.pop()
        return last
