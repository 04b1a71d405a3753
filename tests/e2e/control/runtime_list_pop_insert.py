# pop() and insert() on lists whose length is known only at run time
# (SequenceErase, SequenceInsert): a stack of rows built in a run-time loop,
# popped from the end and from the front, an item inserted at a run-time
# position (clamped as Python clamps it) and at negative ones.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3) k=1
# inputs: x=randn(2,3) k=5
# inputs: x=randn(6,3) k=-2
# opsets: 13 17
# compare: diverges
import torch
from torch import nn


class RuntimeListPopInsert(nn.Module):
    def forward(self, x, k: int):
        rows = []
        for i in range(x.size(0)):
            rows.append(x[i] * float(i + 1))
        last = rows.pop()
        first = rows.pop(0)
        rows.insert(k, last + first)
        rows.insert(-1, first * 10.0)
        rows.insert(0, last - 1.0)
        return torch.stack(rows), len(rows)
