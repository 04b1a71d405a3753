# A list filled in a run-time loop becomes a Loop scan output in the
# script graph; the trace stacks the iterations' items (Unsqueeze, Concat).
# tsc2onnx: --trace
# example: x=ones(3) n=2
import torch
from torch import nn


class ListScan(nn.Module):
    def forward(self, x, n: int):
        outs = []
        for i in range(n):
            x = x * 2
            outs.append(x)
        return torch.stack(outs)
