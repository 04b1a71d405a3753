# F.embedding and nn.Embedding with max_norm: the rows the input names whose
# norm exceeds max_norm are scaled by max_norm / (norm + 1e-7) in the
# weight itself (PyTorch's embedding_renorm_): later reads of the weight
# see them, rows not named stay, repeated indices count once, a second
# lookup changes nothing more; norm_type 1 and 2.
# tsc2onnx: --dynamic i:0=N
# example: i=arange(2,3):int64
# inputs: i=[[1, 3, 3], [0, 7, 1]]:int64
# opsets: 11 17
import torch
from torch import nn
import torch.nn.functional as F


class MaxNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4, max_norm=1.5)
        self.w = nn.Parameter(torch.randn(8, 3) * 2)

    def forward(self, i: torch.Tensor):
        a = self.emb(i)
        b = self.emb(i)
        c = F.embedding(i, self.w, max_norm=2.0, norm_type=1.0)
        return a, b, self.emb.weight * 1.0, c, self.w + 0.0
