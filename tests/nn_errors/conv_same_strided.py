# Error case: conv same strided.
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, stride=2, padding="same")

    def forward(self, x):
        return self.conv(x)
