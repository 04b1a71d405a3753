# tsc2onnx: --input 'x:float32[2,3]' --limit call-depth=50
# A limit inside a comprehension inside a run-time branch.
import torch
import torch.nn as nn


def f(x, n: int):
    if n == 0:
        return x
    return f(x, n - 1) + 1


class Net(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            x = torch.stack([f(x, k) for k in range(100)]).sum(0)
        return x
