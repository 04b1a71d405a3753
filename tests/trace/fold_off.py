# The same model as fold_weights.py with --no-fold: the transposes and the
# arithmetic on constants stay nodes.
# tsc2onnx: --no-fold
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
