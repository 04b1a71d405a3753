# Error case: lstm proj.
# tsc2onnx: --input x:float32[L,N,4]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8, proj_size=3)

    def forward(self, x):
        return self.lstm(x)
