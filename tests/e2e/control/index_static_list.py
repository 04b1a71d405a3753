# A static list of numbers and one of tensors indexed by the index of a
# run-time loop: the items are stacked and picked at run time.
# example: x=randn(3) n=2
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3) n=0
# inputs: x=randn(3) n=3
# inputs: x=randn(3) n=1
# compare: diverges
import torch
from torch import nn


class IndexStaticList(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = [0.5, 2, 3.0]

    def forward(self, x, n: int):
        ws = [x, x * 2, torch.relu(x)]
        for i in range(n):
            x = x * self.scales[i] + ws[i] + self.scales[-1 - i]
        return x
