# Error case: a length of 0.
# tsc2onnx: --input x:float32[5,2,4]
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class M(nn.Module):
    def forward(self, x):
        return pad_packed_sequence(pack_padded_sequence(x, [5, 0]))[0]
