# A tensor whose rank depends on a run-time condition (TorchScript's tensors
# have no static rank; torchvision's BoxCoder.decode reshapes only when
# there are boxes): each operation on it runs once per rank, in the
# branches of an If on that condition, until the ranks agree again.
# tsc2onnx: --dynamic x:0=B
# example: x=randn(2,6) n=2
# inputs: x=randn(2,6) n=0
# inputs: x=randn(3,6) n=5
# inputs: x=randn(0,6) n=0
# compare: diverges
import torch
from torch import nn


class RankByCondition(nn.Module):
    def forward(self, x, n: int):
        if n > 0:
            y = x.reshape(x.size(0), -1, 3)     # rank 3
        else:
            y = x                               # rank 2
        y = torch.relu(y) * 2.0 - 1.0
        rank = y.dim()
        first = y[:, 0]                         # rank 2 or 1
        flat = y.reshape(-1, 3)                 # rank 2 on both paths
        total = y.sum() + first.sum()
        return flat, total, rank
