# A composite: multi-head attention written with tensor functions (view
# with run-time sizes, transpose, matmul, a causal mask from triu,
# masked_fill with -inf, softmax, contiguous) on a dynamic batch and length.
# tsc2onnx: --arg dim=8 --arg heads=2
# tsc2onnx: --dynamic x:0=B --dynamic x:1=T
# example: x=randn(2,5,8)
# inputs: x=randn(1,3,8)
# tolerance: rtol=1e-4 atol=1e-5
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import math

import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.out = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor):
        b, t, c = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        hd = c // self.heads
        q = q.view(b, t, self.heads, hd).transpose(1, 2)
        k = k.view(b, t, self.heads, hd).transpose(1, 2)
        v = v.view(b, t, self.heads, hd).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(hd)
        mask = torch.ones(t, t, dtype=torch.bool).triu(1)
        att = att.masked_fill(mask, float("-inf"))
        att = torch.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
        return self.out(y), att.sum(-1)
