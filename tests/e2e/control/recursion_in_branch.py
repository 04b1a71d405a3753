# A recursive helper called inside a run-time branch, with the call-depth
# limit raised above its depth: the branch is there, in script mode, in
# the trace and in compare (whose verdict is that the trace diverges).
# tsc2onnx: --limit call-depth=1000
# example: x=ones(2,3)
# inputs: x=randn(2,3)
# inputs: x=[[-1.0, -2.0, 0.5], [0.0, -1.0, 1.0]]
# compare: diverges
import torch
import torch.nn as nn


def f(x, n: int):
    if n == 0:
        return x + 1
    return f(x, n - 1)


class RecursionInBranch(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            x = f(x, 600)
        else:
            x = f(x * 2, 550)
        return x
