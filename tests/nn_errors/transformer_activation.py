# Error case: an activation name other than relu and gelu.
# tsc2onnx: --input x:float32[4,2,8]
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(8, 2, 16, activation="tanh")

    def forward(self, x):
        return self.layer(x)
