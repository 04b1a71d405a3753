# List comprehensions over run-time iterables (the rows of a tensor with a
# dynamic first axis, a range of run-time length, a list built in a
# run-time loop): each is a Loop appending its element; a filter on a
# run-time value makes the append conditional (a sequence).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3) n=3
# inputs: x=randn(1,3) n=0
# inputs: x=[[-1,0,0],[0,0,-2]]:float32 n=2
# inputs: x=randn(6,3) n=5
# opsets: 13 17
# compare: diverges
import torch
from torch import nn


class ComprehensionRuntime(nn.Module):
    def forward(self, x, n: int):
        doubled = [row * 2.0 for row in x]
        squares = [float(i * i) for i in range(n)]
        parts = []
        for i in range(x.size(0)):
            parts.append(x[i].sum())
        positive = [p for p in parts if bool(p > 0)]
        scaled = [p * 3.0 for p in parts]
        big = [float(p) for p in parts if bool(p > 1.5)]      # may be empty
        return (torch.stack(doubled), torch.tensor(squares), torch.stack(scaled), len(positive),
                torch.stack(positive + [torch.zeros(())]), torch.tensor(big))
