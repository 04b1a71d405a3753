# @torch.jit._overload_method declarations: a call is checked against the
# declared signatures, not the plain definition's own annotations.
# tsc2onnx: --input x:float32[2,3]
from typing import List

import torch
from torch import Tensor, nn


class Layer(nn.Module):
    @torch.jit._overload_method  # noqa: F811
    def forward(self, input: List[Tensor]) -> Tensor:
        pass

    @torch.jit._overload_method  # noqa: F811
    def forward(self, input: Tensor) -> Tensor:
        pass

    def forward(self, input: Tensor) -> Tensor:  # noqa: F811
        if isinstance(input, Tensor):
            parts = [input]
        else:
            parts = input
        return torch.cat(parts, 1)


class Overloads(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = Layer()

    def forward(self, x: Tensor):
        a = self.layer([x, x])
        b = self.layer(x)
        c = self.layer(3)
        return a, b, c
