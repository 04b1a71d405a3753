# A list appended to once per iteration of a run-time loop and then
# stacked: the items become the Loop's scan output, stacked by the Loop
# itself.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,2) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,2) n=1
# inputs: x=randn(1,2) n=7
# inputs: x=randn(4,2) n=2
# compare: diverges
import torch
from torch import nn


class ListStack(nn.Module):
    def forward(self, x, n: int):
        outs = []
        h = x
        for i in range(n):
            h = torch.tanh(h + i)
            outs.append(h * 2)
        return torch.stack(outs), torch.stack(outs, 1), torch.cat(outs, 0), torch.cat(outs, 1)
