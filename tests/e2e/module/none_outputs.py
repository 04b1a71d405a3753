# forward() returning None inside its outputs (torchaudio's wav2vec2
# returns (features, lengths) with lengths None when none are given): the
# None is no graph output, as torch.onnx.export drops it.
# example: x=randn(2,4)
# variants: --trace
# inputs: x=randn(3,4)
# tsc2onnx: --dynamic x:0=N
from typing import Optional, Tuple

import torch
import torch.nn as nn
from torch import Tensor


class NoneOutputs(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x: Tensor, lengths: Optional[Tensor] = None) -> Tuple[Tensor, Optional[Tensor], Tensor]:
        y = self.fc(x)
        if lengths is not None:
            lengths = lengths - 1
        return y, lengths, y.sum(1)
