# Error case: PyTorch 2's is_causal hint without an attn_mask.
# tsc2onnx: --input x:float32[4,2,8]
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(8, 2)

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False, is_causal=True)[0]
