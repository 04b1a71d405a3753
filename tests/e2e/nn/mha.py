# nn.MultiheadAttention: self-attention and cross-attention, batch_first
# both ways, bias, add_bias_kv, add_zero_attn, kdim/vdim (separate
# q/k/v_proj_weight), need_weights, average_attn_weights, unbatched input,
# 2-D and 3-D attention masks (bool and float) and key padding masks
# (bool and float), alone and together (PyTorch 1.13 merges a float
# key_padding_mask into a float attn_mask with masked_fill, which then
# changes nothing: its values must be 0 or 1).
# tsc2onnx: --dynamic x:1=N --dynamic m:1=N --dynamic xb:0=N --dynamic kb:0=N --dynamic kpm:0=N --dynamic fkpm:0=N --dynamic fkpm01:0=N --dynamic am3:0=NH
# example: x=randn(4,2,8) m=randn(5,2,8) xb=randn(2,4,8) kb=randn(2,5,6) u=randn(4,8) am=[[False,True,False,False,True],[False,False,True,False,False],[True,False,False,False,False],[False,False,False,True,False]] fam=randn(4,5) am3=randn(4,4,5) kpm=[[False,False,False,True,True],[False,False,False,False,False]] fkpm=randn(2,5) fkpm01=[[0.,0.,0.,1.,0.],[1.,0.,0.,0.,0.]] ukpm=[False,True,False,False]
# inputs: x=randn(4,3,8) m=randn(5,3,8) xb=randn(3,4,8) kb=randn(3,5,6) u=randn(4,8) am=[[False,False,False,False,True],[False,False,True,False,False],[False,False,False,False,False],[False,True,True,True,False]] fam=randn(4,5) am3=randn(6,4,5) kpm=[[False,False,True,True,True],[False,False,False,False,True],[False,True,False,True,False]] fkpm=randn(3,5) fkpm01=[[0.,0.,0.,0.,1.],[0.,0.,1.,0.,0.],[0.,1.,0.,0.,0.]] ukpm=[False,False,False,True]
# opsets: 9 11 17
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(8, 2)
        self.cross = nn.MultiheadAttention(8, 4, bias=False)
        self.kv = nn.MultiheadAttention(8, 2, add_bias_kv=True, add_zero_attn=True)
        self.zero = nn.MultiheadAttention(8, 2, add_zero_attn=True)
        self.bf = nn.MultiheadAttention(8, 2, batch_first=True, kdim=6, vdim=6)
        self.bf_self = nn.MultiheadAttention(8, 4, batch_first=True)
        # the default initialization zeroes the biases: give them values
        with torch.no_grad():
            self.self_attn.in_proj_bias.uniform_(-0.5, 0.5)
            self.self_attn.out_proj.bias.uniform_(-0.5, 0.5)
            self.kv.in_proj_bias.uniform_(-0.5, 0.5)
            self.bf.in_proj_bias.uniform_(-0.5, 0.5)
            self.bf_self.in_proj_bias.uniform_(-0.5, 0.5)

    def forward(self, x, m, xb, kb, u, am, fam, am3, kpm, fkpm, fkpm01, ukpm):
        outs = []
        outs += list(self.self_attn(x, x, x))
        outs += list(self.self_attn(x, x, x, average_attn_weights=False))
        outs.append(self.self_attn(x, x, x, need_weights=False)[0])
        outs += list(self.cross(x, m, m, key_padding_mask=kpm))
        outs += list(self.cross(x, m, m, attn_mask=am, key_padding_mask=kpm))
        outs += list(self.cross(x, m, m, attn_mask=fam, key_padding_mask=kpm))
        outs += list(self.self_attn(x, m, m, attn_mask=am3))
        outs += list(self.self_attn(x, m, m, key_padding_mask=fkpm))
        outs += list(self.self_attn(x, m, m, attn_mask=am, key_padding_mask=fkpm))
        outs += list(self.self_attn(x, m, m, attn_mask=fam, key_padding_mask=fkpm01))
        outs += list(self.kv(x, m, m, attn_mask=am, key_padding_mask=kpm))
        outs += list(self.zero(x, m, m, attn_mask=fam, key_padding_mask=kpm))
        outs += list(self.bf(xb, kb, kb, key_padding_mask=kpm, average_attn_weights=False))
        outs += list(self.bf_self(xb, xb, xb))
        outs += list(self.self_attn(u, u, u, key_padding_mask=ukpm))
        outs += list(self.bf(u, kb[0], kb[0]))
        outs += list(self.kv(u, u, u))
        return tuple(outs)
