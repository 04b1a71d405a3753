# tsc2onnx: --example 'x=randn(3)' --example n=2
# An Optional local carried by a run-time loop, used after it without a
# refinement (TorchScript refuses it too).
from typing import Optional

import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x, n: int):
        acc: Optional[torch.Tensor] = None
        for i in range(n):
            acc = x * i
        return acc + 1
