# In-place writes into parameters, buffers and tensors held in lists: the
# object is updated for everything that holds it, within one forward().
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3)
# inputs: x=randn(2,3)
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class State(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("acc", torch.zeros(3))
        self.register_buffer("steps", torch.tensor(0))
        self.scale = nn.Parameter(torch.ones(3))

    def forward(self, x: torch.Tensor):
        before = self.acc.clone()
        self.acc += x.sum(0)
        self.acc.mul_(0.5)
        self.steps += 1
        held = [x.clone(), x.clone()]
        held[1][0] = 7.0
        first = held[0]
        first.add_(1)
        w = self.scale.detach()
        out = x * self.scale
        return before, self.acc, self.steps, held[0], held[1], out, w
