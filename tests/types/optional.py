# An Optional[T] must be refined (is not None, assert, assignment) before it
# is used as a T; the refinements that are accepted come first.
# tsc2onnx: --input x:float32[2,3]
from typing import Optional

import torch
from torch import Tensor, nn


def accepted(x: Tensor, m: Optional[Tensor], k: Optional[int]) -> Tensor:
    if m is not None:
        x = x + m
    if k is None:
        return x
    y = x * k
    assert m is not None
    y = y + m.sum()
    n: Optional[Tensor] = None
    if n is None:
        n = torch.zeros(3)
    y = y + n
    z = m if m is not None else x
    return y + z if m is not None and m.dim() > 0 else y


def rejected(x: Tensor, m: Optional[Tensor], k: Optional[int]) -> Tensor:
    a = x + m
    b = m.shape
    c = m[0]
    if m is None:
        x = x * 2
    d = m * 2
    e = m is not None or m.sum() > 0
    f = (m + 1) if m is None else x
    h: Optional[Tensor] = None
    g = h.relu() if False else x
    while k is not None:
        k = None
        x = x * 2 if k is None else x * k
    for i in range(2):
        x = x + k
    return -m


class Optionals(nn.Module):
    def forward(self, x: Tensor):
        return accepted(x, x, 2), rejected(x, x, 3)
