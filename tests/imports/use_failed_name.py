# tsc2onnx: --input x:float32[2]
# A name whose definition failed in an imported library: the error is at
# its use, the cause (the import that failed) is the note.
import torch
import torch.nn as nn
from _badlib import BROKEN, working


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.k = BROKEN

    def forward(self, x):
        return working(x)
