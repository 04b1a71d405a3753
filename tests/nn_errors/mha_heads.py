# Error case: embed_dim not divisible by num_heads.
# tsc2onnx: --input x:float32[4,2,8]
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 3)

    def forward(self, x):
        return self.attn(x, x, x)[0]
