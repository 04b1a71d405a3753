# Error case: embedding max norm.
# tsc2onnx: --input idx:int64[N]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4, max_norm=1.0)

    def forward(self, idx):
        return self.emb(idx)
