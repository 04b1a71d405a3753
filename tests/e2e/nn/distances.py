# F.cosine_similarity (dim, eps; broadcast operands, a zero vector gives 0,
# tiny vectors are normalized first as in ATen, int64 with float), its
# module nn.CosineSimilarity, F.pairwise_distance (p 2, 1, inf, 0.5,
# keepdim, eps, broadcast, int64 operands) and nn.PairwiseDistance, and
# F.one_hot with num_classes given and -1 (the max at run time).
# tsc2onnx: --dynamic x:0=N --dynamic y:0=N
# example: x=randn(4,3) y=randn(4,3) k=arange(4):int64
# inputs: x=[[1.0, 0.0, -2.0], [0.0, 0.0, 0.0]] y=[[0.5, 3.0, 100.0], [1e-5, 0.0, 0.0]] k=[3, 0, 1, 5]:int64
# opsets: 11 17
import torch
from torch import nn
import torch.nn.functional as F


class Distances(nn.Module):
    def __init__(self):
        super().__init__()
        self.cos = nn.CosineSimilarity(dim=0, eps=1e-3)
        self.pd = nn.PairwiseDistance(p=1.0, keepdim=True)

    def forward(self, x: torch.Tensor, y: torch.Tensor, k: torch.Tensor):
        t = torch.tensor([[1e-5, 0.0], [0.0, 0.0]])
        return (
            F.cosine_similarity(x, y), F.cosine_similarity(x, y, dim=-1, eps=0.5), torch.cosine_similarity(x, y[:1]),
            F.cosine_similarity(t, t), F.cosine_similarity(x, k[:3]), self.cos(x, y), F.cosine_similarity(x[0], y[0], 0),
            F.pairwise_distance(x, y), F.pairwise_distance(x, y, p=1.0, eps=0.0, keepdim=True),
            F.pairwise_distance(x, y[:1], p=float("inf")), torch.pairwise_distance(x, y, 0.5),
            F.pairwise_distance(k[:3], k[1:4]), self.pd(x, y), F.pairwise_distance(x[0], y[0]),
            F.one_hot(k), F.one_hot(k, 7), F.one_hot(k.reshape(-1, 1), num_classes=6),
        )
