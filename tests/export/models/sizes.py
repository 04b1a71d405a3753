# A size read at run time (x.size(0) of a symbolic axis becomes Shape and
# Gather): script mode keeps it general, trace mode would freeze it, which
# --report says.
import torch
import torch.nn as nn


class Sizes(nn.Module):
    def forward(self, x):
        return torch.arange(x.size(0))
