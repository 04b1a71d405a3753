# tsc2onnx: --example 'x=randn(2,3)'
# Doubling a string 40 times grew to gigabytes; now the items limit.
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = "ab"
        for i in range(40):
            s = s + s
        self.s = s

    def forward(self, x):
        return x
