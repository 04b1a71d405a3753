# A list appended to under a run-time condition inside a run-time loop:
# its length is not the trip count, so it is an ONNX sequence.
# example: x=randn(3) n=6
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) n=1
# inputs: x=randn(3) n=9
# inputs: x=randn(3) n=4
# compare: diverges
import torch
from torch import nn


class ListSeqCond(nn.Module):
    def forward(self, x, n: int):
        kept = [x]
        for i in range(n):
            if i % 3 != 1:
                kept.append(x * i)
        return torch.stack(kept), len(kept)
