# forward() returning namedtuples (torchvision's GoogLeNet and Inception3
# with aux logits in training mode, its detection models): one graph
# output per field, in order, named after the field (a namedtuple inside
# another's field: OUTER_INNER; a list inside a field: FIELD_0, FIELD_1 ...).
# tests/shapes/namedtuple_outputs.py pins the names.
# example: x=randn(2,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,4)
# tsc2onnx: --dynamic x:0=N
import collections
from typing import List, NamedTuple

import torch
import torch.nn as nn

Outputs = collections.namedtuple("Outputs", ["logits", "aux"])


class Stats(NamedTuple):
    mean: torch.Tensor
    parts: List[torch.Tensor]


class NamedTupleOutputs(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 3)

    def forward(self, x):
        y = self.lin(x)
        stats = Stats(y.mean(1), [y[:, :1], y[:, 1:]])
        return Outputs(y, stats), y.sum()
