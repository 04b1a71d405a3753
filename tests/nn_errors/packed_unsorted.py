# Error case: lengths not in decreasing order with enforce_sorted=True (known while compiling).
# tsc2onnx: --input x:float32[5,3,4]
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 6)

    def forward(self, x):
        return self.lstm(pack_padded_sequence(x, [2, 5, 3]))[1][0]
