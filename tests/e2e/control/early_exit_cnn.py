# An early-exit CNN: a cheap head answers when it is confident enough.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,3,8,8) t=0.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,3,8,8) t=100.0
# inputs: x=randn(3,3,8,8) t=-100.0
# inputs: x=randn(2,3,8,8) t=0.5
# compare: diverges
import torch
from torch import nn


class EarlyExitCnn(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU())
        self.cheap = nn.Linear(8, 4)
        self.deep = nn.Sequential(nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(8, 4)

    def forward(self, x, t: float):
        h = self.stem(x)
        pooled = h.mean(dim=(2, 3))
        logits = self.cheap(pooled)
        if logits.max() > t:
            return logits
        d = self.deep(h).flatten(1)
        return self.head(d) + logits
