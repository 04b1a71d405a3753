# A while loop on the data: with x=-x it never ends in the script graph
# (the sum only falls), which compare stops and reports as the script
# failing; x=2*x then ends the loop sooner than the trace assumes.
# example: x=rand(2,2)
# status: 3
import torch
from torch import nn


class LoopForever(nn.Module):
    def forward(self, x):
        while x.sum() < 10:
            x = x * 1.5
        return x
