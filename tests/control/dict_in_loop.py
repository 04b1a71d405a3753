# A dict modified inside a loop with a run-time trip count.
# example: x=randn(3) n=2
import torch
from torch import nn


class DictInLoop(nn.Module):
    def forward(self, x, n: int):
        d = {"a": x}
        for i in range(n):
            d["a"] = d["a"] + i
        return d["a"]
