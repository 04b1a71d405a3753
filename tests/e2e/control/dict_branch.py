# Dict items written in the branches of a run-time if merge key by key.
# example: x=randn(3) c=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) c=False
# inputs: x=ones(3) c=True
# inputs: x=zeros(3) c=False
# compare: diverges
import torch
from torch import nn


class DictBranch(nn.Module):
    def forward(self, x, c: bool):
        d = {"a": x, "b": x * 0}
        if c:
            d["a"] = x * 2
        else:
            d["b"] = x + 5
        return d["a"], d["b"]
