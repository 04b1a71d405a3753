# F.scaled_dot_product_attention, PyTorch 2's function: the reference
# PyTorch here (1.13) lacks it, so there the model uses the formula PyTorch 2
# documents, written below; tsc2onnx compiles its own.  Bool and float
# masks (broadcast over batch and heads), is_causal with L != S, scale,
# 3-D and 4-D inputs, enable_gqa.
# tsc2onnx: --dynamic q:0=N --dynamic k:0=N --dynamic v:0=N --dynamic q:2=L --dynamic k:2=S --dynamic v:2=S --dynamic gk:0=N --dynamic gv:0=N
# example: q=randn(2,4,3,8) k=randn(2,4,5,8) v=randn(2,4,5,6) bm=[[True,True,False,True,False],[True,False,True,True,True],[False,False,False,False,True]] fm=randn(3,5) gk=randn(2,2,5,8) gv=randn(2,2,5,6)
# inputs: q=randn(1,4,3,8) k=randn(1,4,5,8) v=randn(1,4,5,6) bm=[[True,True,True,True,True],[False,False,False,True,False],[True,True,True,True,False]] fm=randn(3,5) gk=randn(1,2,5,8) gv=randn(1,2,5,6)
# opsets: 11 17 23
import math

import torch
import torch.nn as nn

try:
    from torch.nn.functional import scaled_dot_product_attention
except ImportError:
    def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False,
                                     scale=None, enable_gqa=False):
        L, S = query.size(-2), key.size(-2)
        scale_factor = 1 / math.sqrt(query.size(-1)) if scale is None else scale
        attn_bias = torch.zeros(L, S, dtype=query.dtype)
        if is_causal:
            causal = torch.ones(L, S, dtype=torch.bool).tril(diagonal=0)
            attn_bias = attn_bias.masked_fill(causal.logical_not(), float("-inf"))
        if attn_mask is not None:
            if attn_mask.dtype == torch.bool:
                attn_bias = attn_bias.masked_fill(attn_mask.logical_not(), float("-inf"))
            else:
                attn_bias = attn_bias + attn_mask
        if enable_gqa:
            key = key.repeat_interleave(query.size(-3) // key.size(-3), -3)
            value = value.repeat_interleave(query.size(-3) // value.size(-3), -3)
        attn_weight = query @ key.transpose(-2, -1) * scale_factor
        attn_weight = attn_weight + attn_bias
        attn_weight = torch.softmax(attn_weight, dim=-1)
        return attn_weight @ value


class Sdpa(nn.Module):
    def forward(self, q, k, v, bm, fm, gk, gv):
        outs = []
        outs.append(scaled_dot_product_attention(q, k, v))
        outs.append(scaled_dot_product_attention(q, k, v, attn_mask=bm))
        outs.append(scaled_dot_product_attention(q, k, v, attn_mask=fm, scale=0.3))
        outs.append(scaled_dot_product_attention(q, k, v, is_causal=True))
        outs.append(scaled_dot_product_attention(q, q, q, is_causal=True))
        outs.append(scaled_dot_product_attention(q[0], k[0], v[0], attn_mask=bm))
        outs.append(scaled_dot_product_attention(q, gk, gv, enable_gqa=True))
        return tuple(outs)
