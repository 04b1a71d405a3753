# PyTorch 2's is_causal hints (MultiheadAttention, the Transformer layers,
# stacks and nn.Transformer): with the hint, the causal mask replaces the
# given one.  PyTorch 1.13 (the reference here) has no hint and raises
# TypeError, and then the model passes the causal mask alone: both must
# agree.  The hint without a mask is PyTorch 2's RuntimeError (nn_errors).
# tsc2onnx: --dynamic x:1=N --dynamic y:1=N
# example: x=randn(5,2,8) y=randn(4,2,8)
# inputs: x=randn(5,3,8) y=randn(4,3,8)
# opsets: 17
import torch
import torch.nn as nn


class Hints(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2)
        self.model = nn.Transformer(8, 2, 1, 1, 16)

    def forward(self, x, y):
        mask = nn.Transformer.generate_square_subsequent_mask(5)
        tmask = nn.Transformer.generate_square_subsequent_mask(4)
        try:
            a = self.attn(x, x, x, attn_mask=mask, need_weights=False, is_causal=True)[0]
        except TypeError:
            a = self.attn(x, x, x, attn_mask=mask, need_weights=False)[0]
        try:
            b = self.model(x, y, src_mask=mask, tgt_mask=tmask, src_is_causal=True, tgt_is_causal=True)
        except TypeError:
            b = self.model(x, y, src_mask=mask, tgt_mask=tmask)
        return a, b
