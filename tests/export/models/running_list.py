# A list whose length is known only at run time, returned by forward():
# a sequence output (opset 11 and later).
import torch
import torch.nn as nn
from typing import List


class Partials(nn.Module):
    def forward(self, x, n: int):
        out: List[torch.Tensor] = []
        for i in range(n):
            out.append(x * i)
        return out
