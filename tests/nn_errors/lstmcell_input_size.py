# Error case: an input of the wrong size for an LSTMCell.
# tsc2onnx: --input x:float32[3,6]
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.LSTMCell(5, 4)

    def forward(self, x):
        return self.cell(x)[0]
