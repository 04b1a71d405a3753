# Tensor.data written in __init__ (torchaudio's HDemucs: `w.data /= scale`,
# `w.data[:] = ...`; `t.data = v`): the values change for every alias of
# the tensor.  Plain tensor attributes are not in the state_dict, so the
# values compared are the ones __init__ computed.
# example: x=randn(2,3)
# opsets: 11 17
import torch
import torch.nn as nn


class DataSetter(nn.Module):
    def __init__(self):
        super().__init__()
        table = torch.arange(6.0).reshape(2, 3)
        alias = table
        table.data /= 4.0
        self.table = alias
        other = torch.ones(2, 3)
        other.data[:] = torch.cumsum(other, dim=1)
        self.other = other
        third = torch.zeros(2, 3)
        third.data = torch.full((2, 3), 0.5)
        self.third = third

    def forward(self, x):
        return x * self.table + self.other - self.third
