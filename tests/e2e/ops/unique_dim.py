# torch.unique and Tensor.unique with dim= (PyTorch's unique_dim): the
# unique rows or columns sorted lexicographically, with return_inverse and
# return_counts, negative dims, int64, float32 and int32 (through int64)
# tensors, repeated and all-equal slices.
# example: x=arange(4,3):int64
# inputs: x=[[1, 2, 3], [0, 5, 1], [1, 2, 3], [0, 5, 0]]:int64
# opsets: 11 17
import torch
from torch import nn


class UniqueDim(nn.Module):
    def forward(self, x: torch.Tensor):
        f = x.float() / 2
        rows, inv, counts = torch.unique(x, dim=0, return_inverse=True, return_counts=True)
        cols, cinv = torch.unique(x, return_inverse=True, dim=1)
        return (
            rows, inv, counts, cols, cinv, torch.unique(f, dim=0), f.unique(dim=-1, return_counts=True)[1],
            x.int().unique(dim=0), torch.unique(torch.ones(3, 2), dim=0, return_counts=True)[1],
            torch.unique(x, sorted=True, dim=1),
        )
