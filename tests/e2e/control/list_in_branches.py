# Lists of the same length built in both branches of a run-time if merge
# item by item; a tuple too.
# example: x=randn(3) c=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) c=False
# inputs: x=ones(3) c=True
# inputs: x=zeros(3) c=False
# compare: diverges
import torch
from torch import nn


class ListInBranches(nn.Module):
    def forward(self, x, c: bool):
        outs = [x]
        if c:
            outs.append(x * 2)
            pair = (x, x + 1)
        else:
            outs.append(x - 2)
            pair = (x * 3, x)
        return torch.stack(outs), pair[0] + pair[1]
