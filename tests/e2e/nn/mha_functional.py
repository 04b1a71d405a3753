# F.multi_head_attention_forward called directly: packed and separate
# projection weights, static_k / static_v, bias_k / bias_v with add_zero_attn,
# a uint8 attn_mask (taken as bool), training=False, and the weights
# averaged or per head.
# tsc2onnx: --dynamic x:1=N --dynamic m:1=N --dynamic sk:0=NH --dynamic sv:0=NH --dynamic kpm:0=N
# example: x=randn(4,2,8) m=randn(5,2,6) sk=randn(4,7,4) sv=randn(4,7,4) am=[[0,1,0,0,0],[0,0,0,1,0],[1,0,0,0,0],[0,0,0,0,0]] kpm=[[False,False,False,False,True],[False,True,False,False,False]]
# inputs: x=randn(4,3,8) m=randn(5,3,6) sk=randn(6,7,4) sv=randn(6,7,4) am=[[0,0,0,0,1],[0,0,1,0,0],[0,1,0,0,0],[0,0,0,0,0]] kpm=[[False,False,False,True,True],[False,False,False,False,False],[True,False,False,False,False]]
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class Functional(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_w = nn.Parameter(torch.randn(24, 8) * 0.3)
        self.in_b = nn.Parameter(torch.randn(24) * 0.1)
        self.q_w = nn.Parameter(torch.randn(8, 8) * 0.3)
        self.k_w = nn.Parameter(torch.randn(8, 6) * 0.3)
        self.v_w = nn.Parameter(torch.randn(8, 6) * 0.3)
        self.out_w = nn.Parameter(torch.randn(8, 8) * 0.3)
        self.out_b = nn.Parameter(torch.randn(8) * 0.1)
        self.bias_k = nn.Parameter(torch.randn(1, 1, 8))
        self.bias_v = nn.Parameter(torch.randn(1, 1, 8))

    def forward(self, x, m, sk, sv, am, kpm):
        am = am.to(torch.uint8)
        a = F.multi_head_attention_forward(x, x, x, 8, 2, self.in_w, self.in_b, None, None, False, 0.0,
                                           self.out_w, self.out_b, training=False, static_k=sk, static_v=sv)
        b = F.multi_head_attention_forward(x, m, m, 8, 2, None, self.in_b, None, None, False, 0.0,
                                           self.out_w, self.out_b, training=False, key_padding_mask=kpm,
                                           attn_mask=am, use_separate_proj_weight=True, q_proj_weight=self.q_w,
                                           k_proj_weight=self.k_w, v_proj_weight=self.v_w,
                                           average_attn_weights=False)
        c = F.multi_head_attention_forward(x, x, x, 8, 4, self.in_w, None, self.bias_k, self.bias_v, True, 0.0,
                                           self.out_w, None, training=False, need_weights=False)
        return a + b + (c[0],)
