# A comprehension of numbers over a range of run-time length is a Loop whose
# scan output has 0-d items: the scan's type was built by copying dims from
# NULL (UBSan in sema/flow/loop.c; found by fuzz/compile's smoke run).
# example: x=randn(2) n=3
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x, n: int):
        return x.sum() + torch.tensor([float(i * i) for i in range(n)]).sum()
