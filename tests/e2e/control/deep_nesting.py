# Control flow four levels deep: if in loop in if in loop.
# example: x=randn(2) n=3 m=2 flag=True
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2) n=0 m=2 flag=True
# inputs: x=randn(2) n=2 m=4 flag=False
# inputs: x=randn(2) n=4 m=1 flag=True
# compare: diverges
import torch
from torch import nn


class DeepNesting(nn.Module):
    def forward(self, x, n: int, m: int, flag: bool):
        for i in range(n):
            if flag or i > 1:
                for j in range(m):
                    if (i + j) % 2 == 0:
                        x = x + i * j
                    else:
                        x = x * 0.5
            else:
                x = x - 1
        return x
