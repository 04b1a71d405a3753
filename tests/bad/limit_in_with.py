# tsc2onnx: --example 'x=randn(2,3)'
# A limit inside a `with` block: the context manager's __exit__, which
# would suppress the exception, is not run.
import torch
import torch.nn as nn


def depth(n: int) -> int:
    return depth(n + 1)


class Swallow:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        return True


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = 2
        with Swallow():
            self.n = depth(0)

    def forward(self, x):
        return x * self.n
