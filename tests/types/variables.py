# A variable keeps one type; list and dict displays hold one element type.
# tsc2onnx: --input x:float32[2,3]
from typing import List, Optional

import torch
from torch import Tensor, nn


class Variables(nn.Module):
    def forward(self, x: Tensor):
        a = x
        a = 1
        s = 0
        s = s + 0.5
        out = None
        out = x
        pair = (x, x)
        pair = (x, x, x)
        mixed = [x, 1]
        nums = [1, 2.0]
        table = {"a": x, "b": 1}
        keys = {"a": 1, 2: 2}
        y: int = 1
        y: float = 2.0
        q: List[int] = []
        q = [x]
        ok: Optional[Tensor] = None
        ok = x
        grow = []
        grow = [x]
        flag = x > 0
        flag = True
        return x
