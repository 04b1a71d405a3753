# F.embedding_bag and nn.EmbeddingBag: modes sum, mean and max over 2-D
# input (fixed-length bags) and 1-D input with offsets (bags of different
# sizes, an empty bag giving zeros, include_last_offset), per_sample_weights
# (sum), padding_idx (left out of sums, means and maxima; negative),
# max_norm (the named rows renormalized in the weight itself).
# tsc2onnx: --dynamic i:0=N --dynamic o:0=B
# example: i=arange(7):int64 o=arange(3):int64
# inputs: i=[4, 2, 9, 9, 0, 1, 3, 3, 7]:int64 o=[0, 3, 3, 8]:int64
# opsets: 11 17
import torch
from torch import nn
import torch.nn.functional as F


class Bags(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(10, 4, mode="max", padding_idx=-1)
        self.bag_sum = nn.EmbeddingBag(10, 4, mode="sum", include_last_offset=True)
        self.w2 = nn.Parameter(torch.randn(10, 3) * 2)

    def forward(self, i: torch.Tensor, o: torch.Tensor):
        w = self.bag.weight
        i2 = i[:6].reshape(2, 3)
        pw = torch.arange(i.shape[0]).float() / 4 - 0.5
        return (
            F.embedding_bag(i, w, o), F.embedding_bag(i, w, o, mode="sum"), F.embedding_bag(i, w, o, mode="max"),
            F.embedding_bag(i2, w), F.embedding_bag(i2, w, mode="max"), F.embedding_bag(i2, w, mode="sum", padding_idx=9),
            F.embedding_bag(i, w, o, mode="sum", per_sample_weights=pw), F.embedding_bag(i, w, o, padding_idx=9),
            F.embedding_bag(i, w, o, mode="max", padding_idx=3), F.embedding_bag(i.int(), w, o.int(), mode="mean"),
            F.embedding_bag(i, w, o, include_last_offset=True),
            self.bag(i, o), self.bag(i2), self.bag_sum(i, o), self.bag_sum(i, o, per_sample_weights=pw),
            F.embedding_bag(i2, self.w2, max_norm=1.0, mode="sum"), self.w2 * 1.0,
        )
