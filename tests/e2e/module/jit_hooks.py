# The hooks model code calls for TorchScript, FX and PyTorch's logging, with
# eager PyTorch's meaning: torch.jit.is_scripting() is False, so the eager
# branch runs (torchvision's GoogLeNet and detection models return through
# an @torch.jit.unused method that TorchScript never compiles, so its
# annotation is not checked); is_tracing() guards an equal computation (it
# is True under --trace, as under torch.jit.trace); @torch.jit.ignore,
# export, script on a function and on a class, annotate, Attribute,
# interface and Final are markers; torch.fx.wrap as a call with a name and
# as a decorator returns its argument; torch._assert raises on a false
# condition known while building and is dropped on a run-time one;
# torch._C._log_api_usage_once (torchvision's models call it in __init__)
# does nothing visible.
# example: x=randn(2,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,4)
# tsc2onnx: --dynamic x:0=N
from typing import List

import torch
import torch.fx
import torch.nn as nn


def halve(x):
    return x * 0.5


torch.fx.wrap("halve")


@torch.fx.wrap
def shift(x, k: float):
    return x + k


@torch.jit.script
def positive(x):
    return torch.relu(x)


@torch.jit.script
class Pair:
    def __init__(self, a: float, b: float):
        self.a = a
        self.b = b

    def total(self) -> float:
        return self.a + self.b


@torch.jit.interface
class Scaler(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pass


def log_api_usage_once(obj):
    # torchvision/utils.py's helper, as its models call it
    module = obj.__module__
    if not module.startswith("torchvision"):
        module = f"torchvision.internal.{module}"
    name = obj.__class__.__name__
    torch._C._log_api_usage_once(f"{module}.{name}")


class JitHooks(nn.Module):
    __constants__ = ["k"]
    k: torch.jit.Final[float]

    def __init__(self, k: float = 2.0):
        super().__init__()
        log_api_usage_once(self)
        self.k = k
        self.pair = Pair(0.25, 0.5)
        self.count = torch.jit.Attribute(3, int).value
        self.lin = nn.Linear(4, 4)
        torch._assert(k > 0, "k must be positive")
        try:
            torch._assert(k < 0, "k must be negative")
            self.raised = 0.0
        except AssertionError as e:
            self.raised = 1.0 if str(e) == "k must be negative" else -1.0

    @torch.jit.unused
    def eager_outputs(self, x: torch.Tensor, aux: torch.Tensor) -> List[torch.Tensor]:
        # annotated as a list but returns a tensor, as torchvision's
        # GoogLeNet.eager_outputs does in eval mode: TorchScript never
        # compiles it, and eager Python does not check annotations
        if self.training:
            return [x, aux]
        return x

    @torch.jit.ignore
    def python_only(self, x: torch.Tensor, n: int) -> torch.Tensor:
        return x * float(n)

    @torch.jit.export
    def exported(self, x: torch.Tensor) -> torch.Tensor:
        return x - 1.0

    def forward(self, x):
        torch._assert(x.dim() == 2, "expected a 2-D input")
        torch._assert((x > -1000.0).all(), "a run-time condition is dropped")
        y = self.lin(x)
        if torch.jit.is_scripting():
            out = y * 100.0
        else:
            out = self.eager_outputs(y, y)
        if torch.jit.is_tracing():
            out = out + out
        else:
            out = out * 2.0
        h: List[float] = torch.jit.annotate(List[float], [])
        h.append(self.pair.total())
        out = shift(halve(out), h[0]) + positive(x)
        out = self.python_only(out, True) + self.exported(out)
        return out * self.k + float(self.count) + self.raised
