# Error case: rnn input size.
# tsc2onnx: --input x:float32[L,N,5]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(4, 8)

    def forward(self, x):
        return self.gru(x)
