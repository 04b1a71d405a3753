# max()/min() compare their arguments with Python's rules; after an
# annotation the compiler does not know ('iznt'), k is a tensor and k > n a
# tensor, which was read as a C bool (UBSan: a load of a value that is not
# 0 or 1; found by fuzz/compile).  Now it goes through bool(), as in Python.
# example: x=randn(4,3) k=3
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x: torch.Tensor, k: iznt):
        return x * max(k, x.size(0)), min(k, 1)
