# A branch on x.size(0) > 2, compared without --dynamic: the trace takes
# the script's dynamic axes (as deployed with dynamic_axes) but keeps only
# the branch the example took, so a smaller batch gives other outputs.
# example: x=randn(3,2)
# status: 3
import torch
from torch import nn


class BranchSize(nn.Module):
    def forward(self, x):
        if x.size(0) > 2:
            return x * 2
        return x - 1
