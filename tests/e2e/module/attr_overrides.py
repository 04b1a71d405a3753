# nn.Module's attribute rule where a subclass changes a step of it: an
# overridden register_parameter sees every Parameter assignment, an
# overridden __getattr__ answers names no registry holds and defers to
# Module's for the rest, and a module assigned over a non-persistent buffer
# name or a plain attribute clears them first.
# example: x=randn(2,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(4,3)
# tsc2onnx: --dynamic x:0=N
import torch
import torch.nn as nn


class CountingParameters(nn.Module):
    def __init__(self):
        super().__init__()
        self.seen = []
        self.w = nn.Parameter(torch.full((3,), 2.0))
        self.b = nn.Parameter(torch.full((3,), 0.5))
        self.w = nn.Parameter(torch.full((3,), 1.5))

    def register_parameter(self, name, param):
        self.seen.append(name)
        super().register_parameter(name, param)

    def forward(self, x):
        return x * self.w * len(self.seen) + self.b


class Defaults(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)
        self.plain = 0.25
        self.plain = nn.ReLU()
        self.register_buffer("scratch", torch.ones(3), persistent=False)
        del self.scratch
        self.scratch = nn.Identity()
        self.scale = self.fallback_scale

    def __getattr__(self, name: str):
        if name == "fallback_scale":
            return 3.0
        return super().__getattr__(name)

    def forward(self, x):
        return self.scratch(self.plain(self.lin(x))) * self.scale


class AttrOverrides(nn.Module):
    def __init__(self):
        super().__init__()
        self.counting = CountingParameters()
        self.defaults = Defaults()
        self.n_params = len(list(self.parameters()))

    def forward(self, x):
        return self.defaults(self.counting(x)) + self.n_params
