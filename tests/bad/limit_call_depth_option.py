# tsc2onnx: --example 'x=randn(2,3)' --limit call-depth=20
import torch
import torch.nn as nn
import torch.nn.functional as F


def down(n: int) -> int:
    return 0 if n == 0 else down(n - 1) + 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = down(50)

    def forward(self, x):
        return x
