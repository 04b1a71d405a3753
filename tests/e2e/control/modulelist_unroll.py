# A loop over an nn.ModuleList always unrolls (each layer is a different
# module); a run-time condition inside it becomes one If per layer.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,4) skip=1
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,4) skip=0
# inputs: x=randn(5,4) skip=2
# inputs: x=randn(1,4) skip=-1
# compare: diverges
import torch
from torch import nn


class ModuleListUnroll(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x, skip: int):
        for i, layer in enumerate(self.layers):
            if i != skip:
                x = torch.relu(layer(x))
        return x
