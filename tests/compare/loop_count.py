# LoopModel2: the trace unrolls range(int(y)) 5 times, so any other y
# gives another result; the first one tried (y=6) is the counterexample,
# caused by the loop and by int(y).
# example: x=ones(2,3):int64 y=5
# status: 3
import torch
import torch.nn as nn


class LoopModel2(nn.Module):
    def forward(self, x, y):
        for i in range(int(y)):
            x = x + i
        return x
