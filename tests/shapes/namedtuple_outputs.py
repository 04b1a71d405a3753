# The outputs of a namedtuple result are named after its fields: a
# namedtuple inside another's field is OUTER_INNER, a list inside a field
# FIELD_0, FIELD_1 ...; what is not in a namedtuple stays output_K; a
# --dynamic axis of an output names it by its field.
# tsc2onnx: --input x:float32[N,4] --dynamic logits:0=B
import collections
from typing import List, NamedTuple

import torch
from torch import nn

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
