# Error case: is_causal with an explicit attn_mask.
# tsc2onnx: --input q:float32[2,4,3,8] --input m:bool[3,3]
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class M(nn.Module):
    def forward(self, q, m):
        return F.scaled_dot_product_attention(q, q, q, attn_mask=m, is_causal=True)
