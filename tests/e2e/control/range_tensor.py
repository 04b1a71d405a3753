# LoopModel2 exactly as the PyTorch documentation writes it: range() of a
# 0-d integer tensor (through its __index__) is a run-time trip count.
# tsc2onnx: --dynamic x:0=N
# example: x=ones(2,3) y=9
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=ones(2,3) y=0
# inputs: x=randn(4,3) y=1
# inputs: x=randn(1,3) y=30
# compare: diverges
import torch
import torch.nn as nn


class LoopModel2(nn.Module):
    def forward(self, x, y):
        for i in range(y):
            x = x + i
        return x
