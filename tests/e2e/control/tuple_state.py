# A tuple carried by a loop (an LSTM-like state) and a loop variable read
# after the loop.
# example: x=randn(3) n=4
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) n=1
# inputs: x=randn(3) n=7
# inputs: x=randn(3) n=2
# compare: diverges
import torch
from torch import nn


class TupleState(nn.Module):
    def forward(self, x, n: int):
        state = (x, x * 0)
        i = -1
        for i in range(n):
            h, c = state
            c = c + torch.sigmoid(h)
            h = torch.tanh(c) * 0.9
            state = (h, c)
        return state[0], state[1], i
