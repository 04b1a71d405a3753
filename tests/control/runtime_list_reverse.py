# list.reverse() on a list whose length is known only at run time (pop and
# insert are supported: tests/e2e/control/runtime_list_pop_insert.py).
# example: x=randn(3) n=2
import torch
from torch import nn


class RuntimeListReverse(nn.Module):
    def forward(self, x, n: int):
        xs = []
        for i in range(n):
            xs.append(x * i)
        xs.reverse()
        return xs[0]
