# Inside if/for/while a variable keeps its type; straight-line code may
# rebind it (as TorchScript allows); list and dict displays hold one type.
# tsc2onnx: --input x:float32[2,3]
from typing import List, Optional

import torch
from torch import Tensor, nn


class Variables(nn.Module):
    def forward(self, x: Tensor):
        a = x
        for _ in range(1):
            a = 1
        s = 0
        if x.dim() == 2:
            s = s + 0.5
        out = None
        for _ in range(2):
            out = x
        pair = (x, x)
        if True:
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
        while x.dim() == 2:
            flag = True
            break
        r = x
        r = [r, r]
        r = torch.cat(r, 0)
        return r
