# Error case: lstm hidden tensor.
# tsc2onnx: --input x:float32[L,N,4] --input h:float32[1,N,8]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8)

    def forward(self, x, h):
        return self.lstm(x, h)
