# Typed structures on both sides: a Tuple and a Dict[str, Tensor] in, a
# dict and a tuple out (flattened in order).
from typing import Dict, List, Tuple

import torch
import torch.nn as nn


class Nested(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 3)

    def forward(self, pair: Tuple[torch.Tensor, torch.Tensor], named: Dict[str, torch.Tensor],
                scale: float):
        a, b = pair
        s = self.proj(a) + b
        total = s
        for key in named:
            total = total + named[key]
        return {"sum": s * scale, "total": total}, (torch.relu(a),)
