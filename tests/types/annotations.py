# Annotations of parameters, return values and variables are checked in
# the code forward() runs; an unannotated parameter is a Tensor.
# tsc2onnx: --input x:float32[2,3] --input n:int64[]
from typing import Dict, List, Optional, Tuple

import torch
from torch import Tensor, nn


def scale(t: Tensor, k: int) -> Tensor:
    return t * k


def first(xs: List[int]) -> int:
    return xs[0]


def plain(t, k):
    return t + k


def halve(f: float) -> float:
    return f / 2


def flag(b: bool) -> bool:
    return b


def lookup(d: Dict[str, Tensor], key: str) -> Tensor:
    return d[key]


def maybe(v: Optional[int]) -> int:
    return 0


def pair(t: Tensor) -> Tuple[Tensor, Tensor]:
    return t


def count(t: Tensor) -> int:
    return t


class Annotations(nn.Module):
    def forward(self, x: Tensor, n: int):
        a = scale(n, n)
        b = scale(x, x)
        c = first([1, x])
        d = plain(x, 2)
        e = halve(1)
        f = flag(1)
        g = lookup({"a": x, "b": 1}, "a")
        h = maybe("one")
        i = pair(x)
        j = count(x)
        y: int = x
        z: List[Tensor] = [1, 2]
        w: np.ndarray = x
        k: Tuple[int, int] = (1, 2, 3)
        return x
