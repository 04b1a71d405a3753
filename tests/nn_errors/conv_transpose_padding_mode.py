# Error case: conv transpose padding mode.
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose2d(3, 4, 3, padding_mode="reflect")

    def forward(self, x):
        return self.up(x)
