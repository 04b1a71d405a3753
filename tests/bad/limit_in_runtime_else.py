# tsc2onnx: --input 'x:float32[2,3]'
# The call-depth limit in the else branch of a run-time `if`.
import torch
import torch.nn as nn


def f(x, n: int):
    if n == 0:
        return x + 1
    return f(x, n - 1)


class Net(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            x = x * 2
        else:
            x = f(x, 600)
        return x
