# A Python float accumulator becomes a run-time float in the loop; an int
# tensor that becomes float in the first iteration is carried as float.
# example: x=randn(3) k=rand(3):int64 n=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) k=rand(3):int64 n=0
# inputs: x=randn(3) k=rand(3):int64 n=1
# inputs: x=randn(3) k=rand(3):int64 n=5
# compare: diverges
import torch
from torch import nn


class FloatAccumulator(nn.Module):
    def forward(self, x, k, n: int):
        total = 0.0
        for i in range(n):
            total = total + 0.5 * i
            k = k * 0.5
        return x * total, k * 1.0
