# Every way an nn.Module attribute is written, read back as PyTorch reads
# it: plain and annotated assignment, setattr, register_parameter,
# register_buffer, add_module, del and delattr, values moving between the
# parameters, the buffers, the submodules and the plain attributes.
# example: x=randn(2,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,4)
# tsc2onnx: --dynamic x:0=N
from typing import Optional

import torch
import torch.nn as nn


class AttributePaths(nn.Module):
    def __init__(self):
        super().__init__()
        # plain attribute -> module -> None -> module again
        self.a = 1.5
        self.a = nn.Linear(4, 4)
        self.a = None
        self.a = nn.Linear(4, 4, bias=False)
        # setattr, and a module replaced by another module in place
        setattr(self, "b", nn.Linear(4, 4))
        self.c = nn.ReLU()
        setattr(self, "b", nn.Linear(4, 4, bias=False))
        # register_parameter(None), then a Parameter; a Parameter set to None
        self.register_parameter("gain", None)
        self.gain = nn.Parameter(torch.full((4,), 3.0))
        self.unused = nn.Parameter(torch.ones(4))
        self.unused = None
        # a buffer written with a plain tensor stays a buffer; set to None
        # it stays registered
        self.register_buffer("shift", torch.zeros(4))
        self.shift = torch.full((4,), 0.25)
        self.register_buffer("gone", torch.ones(4))
        self.gone = None
        # a non-persistent buffer
        self.register_buffer("offset", torch.full((4,), -1.0), persistent=False)
        # add_module, then del: the name is a plain attribute afterwards
        self.add_module("d", nn.Linear(4, 4))
        del self.d
        self.d = 0.5
        # delattr on a parameter
        self.e = nn.Parameter(torch.ones(4))
        delattr(self, "e")
        self.e: Optional[torch.Tensor] = None
        # a Parameter over a plain attribute of the same name
        self.f = 2.0
        self.f = nn.Parameter(torch.full((4,), 0.5))

    def forward(self, x):
        x = self.c(self.b(self.a(x)))
        if self.gain is not None:
            x = x * self.gain
        if self.unused is not None:
            x = x + self.unused
        x = x + self.shift + self.offset
        if self.gone is not None:
            x = x + self.gone
        if self.e is None:
            x = x * self.d
        return x * self.f
