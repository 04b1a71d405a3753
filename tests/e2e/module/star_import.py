# A star import follows the module's __all__: double and Offset are bound,
# while scale (a public name __all__ leaves out) does not replace the
# importer's own scale, and helper is not bound at all.
# example: x=randn(2,3)
import torch
from torch import nn


def scale(x):
    return x * 3


helper = 1

from _star import *  # noqa: E402,F403


class StarImport(nn.Module):
    def __init__(self):
        super().__init__()
        self.offset = Offset(0.5)  # noqa: F405

    def forward(self, x):
        return self.offset(double(scale(x))) + helper  # noqa: F405
