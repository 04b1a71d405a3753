# Renamed inputs and outputs with dynamic axes named by hand and by default,
# and the weights kept as graph inputs (a runtime may override them).
# tsc2onnx: --input-names left,right --output-names total --dynamic left:0=batch --dynamic right:0=batch
# tsc2onnx: --dynamic total:0 --keep-initializers-as-inputs
# example: a=randn(2,5) b=randn(2,5)
# inputs: a=randn(7,5) b=randn(7,5)
# opsets: 9 13 17
import torch
import torch.nn as nn


class Pair(nn.Module):
    def __init__(self):
        super().__init__()
        self.left = nn.Linear(5, 3)
        self.right = nn.Linear(5, 3)

    def forward(self, a, b):
        return torch.tanh(self.left(a)) + torch.sigmoid(self.right(b)), self.left(b)
