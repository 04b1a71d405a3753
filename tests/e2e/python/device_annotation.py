# torch.device in annotations (torchaudio's Emformer annotates its helpers
# `device: torch.device` and passes `x.device`): a TorchScript type.
# example: x=randn(2,3)
# opsets: 11 17
import torch
import torch.nn as nn
from torch import Tensor


def ones_like_rows(n: int, device: torch.device) -> Tensor:
    return torch.ones(n, 1, device=device)


class DeviceAnnotation(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        dev: torch.device = x.device
        return x * ones_like_rows(x.size(0), dev)
