# branch_size.py with --static-shapes: the trace keeps the example's
# sizes, rejects every other size (not a divergence then) and compare
# exits 0, as it did before the trace took the script's dynamic axes.
# tsc2onnx: --static-shapes
# example: x=randn(3,2)
import torch
from torch import nn


class BranchSizeStatic(nn.Module):
    def forward(self, x):
        if x.size(0) > 2:
            return x * 2
        return x - 1
