# forward()'s parameters: the type --input gives must fit the annotation;
# a list or tuple parameter is typed entry by entry, not as one tensor.
# tsc2onnx: --input xs:float32[2,3] --input n:float32[2,3] --input f:int64[] --input t:float32[3]
from typing import List, Tuple

import torch
from torch import Tensor, nn


class Inputs(nn.Module):
    def forward(self, xs: List[Tensor], n: int, f: bool, t: Tuple[Tensor, Tensor]):
        return xs[0]
