# Helpers of star_import.ts: `from _star import *` binds the names __all__
# lists, and only those.
import torch

__all__ = ["double", "Offset"]


def double(x):
    return x * 2


class Offset(torch.nn.Module):
    def __init__(self, by):
        super().__init__()
        self.by = by

    def forward(self, x):
        return x + self.by


def scale(x):
    """Not in __all__: the importing module's own scale() must stay."""
    return x * 1000


helper = 7
