# Scans and sorting: cumsum (int32 and bool give int64), cumprod (unrolled),
# sort ascending and descending (values and int64 indices), argsort, topk
# (largest and smallest, k of a dynamic dim), unique with inverse and
# counts (flattened and along a dim).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,5) i=rand(3,4):int32 m=rand(3,4):bool u=rand(12):int64
# inputs: x=randn(6,5) i=rand(3,4):int32 m=rand(3,4):bool u=[3, 1, 2, 3, 1, 7, 7, 0, 2, 2, 9, 1]
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Scan(nn.Module):
    def forward(self, x: torch.Tensor, i: torch.Tensor, m: torch.Tensor, u: torch.Tensor):
        s = torch.sort(x, dim=1)
        sd = x.sort(0, descending=True)
        t = torch.topk(x, 2)
        tl = x.topk(3, dim=0, largest=False)
        vals, counts = torch.unique(u, return_counts=True)
        uu, inv = torch.unique(i, return_inverse=True)
        return (
            torch.cumsum(x, 0), x.cumsum(-1), torch.cumsum(i, 1), torch.cumsum(m, 0), x.cumsum(1, dtype=torch.float64),
            torch.cumprod(x, 1), i.cumprod(0),
            s.values, s.indices, sd.values, sd.indices, torch.argsort(x, 1), x.argsort(dim=0, descending=True),
            t.values, t.indices, tl.values, tl.indices, torch.topk(i, 2, dim=1)[0],
            torch.unique(u), vals, counts, uu, inv, torch.unique(torch.stack([u, u]), dim=1),
        )
