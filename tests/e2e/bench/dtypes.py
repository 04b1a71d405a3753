# Bench self-test: float64, int32, uint8 and float16 inputs and outputs
# through the .npy readers and writers of both sides.
# example: d=randn(2,3):float64 i=randn(2,3):int32 u=rand(2,3):uint8 h=randn(2,3):float16
import torch
from torch import nn


class Dtypes(nn.Module):
    def forward(self, d: torch.Tensor, i: torch.Tensor, u: torch.Tensor, h: torch.Tensor):
        return d * 2.0, i + 1, u.float() + h.float(), (h.float() * 3).half()
