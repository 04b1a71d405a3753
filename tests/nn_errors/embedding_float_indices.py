# Error case: embedding float indices.
# tsc2onnx: --input idx:float32[N]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)

    def forward(self, idx):
        return self.emb(idx)
