# Error case: dropout p.
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.drop = nn.Dropout(1.5)

    def forward(self, x):
        return self.drop(x)
