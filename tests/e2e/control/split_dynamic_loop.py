# split, chunk and unbind over an axis whose size is known only at run time
# give lists of run-time length (SplitToSequence); a loop over the pieces
# appends to a list that torch.stack / torch.cat read after it.  PyTorch
# gives one empty piece of an empty axis for split and chunk, none for
# unbind; chunk may give fewer pieces than asked.
# tsc2onnx: --dynamic x:1=N
# opsets: 13 15 17
# example: x=randn(2,5)
# inputs: x=randn(2,1)
# inputs: x=randn(2,0)
# inputs: x=randn(2,8)
# inputs: x=randn(2,4)
# compare: diverges
import torch
from torch import nn


class SplitLoop(nn.Module):
    def forward(self, x):
        parts = []
        for chunk in torch.split(x, 2, 1):
            parts.append(chunk.sum(1))
        pieces = []
        for c in x.chunk(3, dim=1):
            pieces.append(c * float(c.size(1)))
        total = torch.zeros(2)
        n = 0
        for col in x.unbind(1):
            total = total + col * col
            n += 1
        return torch.stack(parts, 1), torch.cat(pieces, 1), total, n
