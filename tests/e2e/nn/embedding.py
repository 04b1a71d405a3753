# Embedding lookups: nn.Embedding with padding_idx (negative too), int64
# and int32 indices of rank 1 to 3, Embedding.from_pretrained, F.embedding.
# tsc2onnx: --dynamic idx:0=N
# example: idx=rand(2,5):int64 small=[3, 0, 1]:int32 cube=rand(2,2,3):int64
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: idx=[[9, 0, 1, 2, 3], [4, 5, 6, 7, 8], [1, 1, 1, 1, 1]] small=[2, 2, 3]:int32 cube=rand(2,2,3):int64
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class Lookups(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4, padding_idx=0)
        self.emb_neg = nn.Embedding(10, 3, padding_idx=-1)
        table = torch.ones(4, 6)
        self.pre = nn.Embedding.from_pretrained(table, freeze=True)

    def forward(self, idx, small, cube):
        return (self.emb(idx), self.emb_neg(idx), self.pre(small), self.emb(cube),
                F.embedding(small, self.emb.weight), F.embedding(idx, self.emb_neg.weight, padding_idx=2))
