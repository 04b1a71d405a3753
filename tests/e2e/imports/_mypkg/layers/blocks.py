# Relative imports one and two levels up.
import torch.nn as nn

from .. import VERSION
from ..util import FACTOR, scale


class Block(nn.Module):
    def __init__(self, n: int):
        super().__init__()
        self.fc = nn.Linear(n, n)
        self.k = FACTOR * VERSION

    def forward(self, x):
        return scale(self.fc(x), self.k)
