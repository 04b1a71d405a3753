# tsc2onnx: --example 'x=ones(2,3)' --example y=5000 --trace --limit unroll=1000
import torch
import torch.nn as nn


class LoopModel(nn.Module):
    def forward(self, x, y):
        for i in range(int(y)):
            x = x + i
        return x
