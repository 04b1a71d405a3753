# tsc2onnx: --example 'x=randn(2,3)'
# A name that cannot be imported is an error where it is used, with the
# failed import as a note (an import that is never used costs nothing).
import torch
from torch.nn import Linearr
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = Linearr(3, 3)

    def forward(self, x):
        return self.fc(x)
