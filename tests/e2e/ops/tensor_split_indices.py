# torch.tensor_split by indices, sliced as Python slices: negative indices
# wrap, decreasing ones give empty and overlapping pieces, and the size of
# the dimension may be known only at run time.
# example: x=randn(2,7)
# inputs: x=randn(2,9)
# opsets: 11 13 17
# tsc2onnx: --dynamic x:1=M
import torch
import torch.nn as nn


class TensorSplitIndices(nn.Module):
    def forward(self, x):
        a = torch.tensor_split(x, [-2], dim=1)
        b = torch.tensor_split(x, (3, 1), dim=-1)
        return a[0], a[1], b[0], b[1], b[2]
