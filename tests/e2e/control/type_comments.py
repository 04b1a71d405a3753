# PEP 484 type comments, which TorchScript reads as annotations
# (torchvision's detection code uses both forms): a function's
# `# type: (...) -> ...` line and one comment per parameter.
# example: x=randn(2,3) y=randn(2,3)
# inputs: x=randn(2,3) y=zeros(2,3)
from typing import List, Tuple

import torch
from torch import Tensor, nn


def scale_all(xs, factor):
    # type: (List[Tensor], float) -> List[Tensor]
    return [x * factor for x in xs]


def pair_sum(pair,  # type: Tuple[Tensor, Tensor]
             bias=1,  # type: int
             ):
    # type: (...) -> Tensor
    return pair[0] + pair[1] + bias


class TypeComments(nn.Module):
    def combine(self, a, b):
        # type: (Tensor, Tensor) -> Tuple[Tensor, Tensor]
        return a - b, a * b

    def forward(self, x, y):
        d, p = self.combine(x, y)
        parts = scale_all([d, p], 0.5)
        return pair_sum((parts[0], parts[1])), pair_sum((d, p), 3)
