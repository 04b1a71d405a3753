# Error case: torch._assert on a condition known while compiling that is
# false raises AssertionError with its message, as Python's assert does
# (the run-time condition before it is dropped, as a run-time assert is).
# tsc2onnx: --input x:float32[N,3]
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        torch._assert((x > 0).all(), "x must be positive")
        torch._assert(x.shape[1] == 4, f"expected 4 features, got {x.shape[1]}")
        return x
