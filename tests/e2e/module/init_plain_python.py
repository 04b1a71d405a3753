# __init__ and module-level code are plain Python: their annotations check
# nothing (torchaudio's HDemucs passes an int for a bool-annotated
# parameter; torchvision annotates constructor arguments with Callable
# and Optional[List[...]] and passes tuples), while forward() and what it
# calls keep TorchScript's rules.
# example: x=randn(2,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,4)
# tsc2onnx: --dynamic x:0=N
from typing import Callable, List, Optional

import torch
import torch.nn as nn


def widths(base: int, mults: List[int]) -> List[int]:
    return tuple(base * m for m in mults)      # a tuple, annotated as a list


SIZES = widths(2.0, (1, 2))                    # a float for an int


class Layer(nn.Module):
    def __init__(self, dim: int, norm: bool = False, act: Optional[Callable[..., nn.Module]] = None,
                 scale: float = 1.0, name: str = "layer"):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim) if norm else nn.Identity()
        self.act = act() if act is not None else nn.Identity()
        self.scale = float(scale)
        self.name = name

    def forward(self, x):
        return self.act(self.norm(self.lin(x))) * self.scale


class InitPlainPython(nn.Module):
    def __init__(self, dim: int = 4, depth: int = 2, norm_flags: Optional[List[bool]] = None):
        super().__init__()
        flags = norm_flags if norm_flags is not None else (1, 0)      # ints for bools
        self.layers = nn.ModuleList([
            Layer(dim, norm=flags[i], act=nn.ReLU if i == 0 else None, scale=SIZES[i], name=None)
            for i in range(depth)
        ])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
