# LoopModel2: a loop over range(int(y)) unrolled as often as it ran on the
# example; int(y) is frozen, the iteration numbers become constants, and
# y stays an input the graph no longer reads.
# tsc2onnx: --trace
# example: x=ones(2,3) y=5
import torch
import torch.nn as nn


class LoopModel2(nn.Module):
    def forward(self, x, y):
        for i in range(int(y)):
            x = x + i
        return x
