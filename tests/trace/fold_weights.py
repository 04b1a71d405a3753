# Constant folding: w.t() of a parameter read once is folded into one
# transposed initializer (the bytes do not grow), v.t() of a parameter the
# graph also reads elsewhere is not (256 KiB: it would duplicate it), and
# small results of constants (the scale, v.sum()) are folded.  No --trace:
# folding runs in script mode too.
# example: x=ones(2,256)
import torch
from torch import nn


class FoldWeights(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(256, 256))
        self.v = nn.Parameter(torch.ones(256, 256))

    def forward(self, x):
        scale = torch.tensor(2.0) * torch.tensor(3.0)
        a = x @ self.w.t()
        b = x @ self.v.t() + x @ self.v + self.v.sum()
        return (a + b) * scale
