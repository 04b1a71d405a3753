# tsc2onnx: --example 'x=randn(2,3)'
# A limit is not a RuntimeError that `except` can catch, and `finally`
# (which could return) does not run after it.
import torch
import torch.nn as nn


def depth(n: int) -> int:
    return depth(n + 1)


def guarded() -> int:
    try:
        return depth(0)
    except RuntimeError:
        return 1
    except:
        return 2


def with_finally() -> int:
    try:
        return depth(0)
    finally:
        return 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = guarded() + with_finally()

    def forward(self, x):
        return x * self.n
