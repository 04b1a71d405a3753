# tsc2onnx: --input 'x:float32[2,3]' --input 'n:int64[]'
# The call-depth limit in the body of a loop with a run-time trip count.
import torch
import torch.nn as nn


def f(x, n: int):
    if n == 0:
        return x + 1
    return f(x, n - 1)


class Net(nn.Module):
    def forward(self, x, n: int):
        for i in range(n):
            if x.sum() > i:
                x = f(x, 600)
        return x
