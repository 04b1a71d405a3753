# Loops whose trip count is known once the graph is folded (it comes from a
# buffer): --unroll-limit (default 16) unrolls the short one, with its
# list of per-iteration values (a Loop scan output), and keeps the long
# one a Loop.  Both must give PyTorch's numbers.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,3)
# inputs: x=randn(5,3)
# opsets: 11 13 17
import torch
import torch.nn as nn


class Unroll(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("short", torch.tensor([2, 1]))
        self.register_buffer("long", torch.tensor([30, 10]))

    def forward(self, x):
        ys = []
        for i in range(int(self.short.sum())):
            x = torch.tanh(x * 0.5 + i)
            ys.append(x)
        y = x
        for i in range(int(self.long.sum())):
            y = y * 0.9 + 0.1
        return torch.stack(ys), y
