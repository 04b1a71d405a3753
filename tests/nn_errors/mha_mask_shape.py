# Error case: a 2-D attn_mask of the wrong shape.
# tsc2onnx: --input x:float32[4,2,8] --input m:bool[4,3]
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2)

    def forward(self, x, m):
        return self.attn(x, x, x, attn_mask=m)[0]
