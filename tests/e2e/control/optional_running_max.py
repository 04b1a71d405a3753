# A local Optional[Tensor] that is None before a run-time loop and refined
# with `is None` inside it (a running maximum over the rows), then tested
# again after the loop: the loop carries a "present" flag with the value.
# Three sizes of the dynamic axis, among them 0 (the loop does not run).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3)
# inputs: x=randn(1,3)
# inputs: x=randn(0,3)
# inputs: x=randn(7,3)
# compare: diverges
from typing import Optional

import torch
from torch import nn


class RunningMax(nn.Module):
    def forward(self, x):
        best: Optional[torch.Tensor] = None
        for i in range(x.size(0)):
            row = x[i]
            if best is None:
                best = row
            else:
                best = torch.maximum(best, row)
        if best is None:
            return torch.zeros(x.size(1)) - 1.0
        return best * 2.0
