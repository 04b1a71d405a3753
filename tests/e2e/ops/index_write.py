# Writing with x[...] = v and in-place methods, lowered functionally (Where
# for a mask and a scalar, ScatterElements on flat positions otherwise):
# ints, slices with steps, negative and tensor indices, masks, values that
# broadcast, values of another dtype (cast to x's), run-time positions.
# In-place writes rebind the tensor: names bound to it see the new value,
# writes through a view (y = x[0]; y[1] = 5) reach x, and a view taken
# before a write into its base sees the write; clone() does not alias.
# tsc2onnx: --dynamic x:0=N --dynamic m:0=N --dynamic i:0=N
# example: x=randn(4,5) m=rand(4,5):bool v=randn(5) i=rand(4,5):int64 k=2
# inputs: x=randn(3,5) m=rand(3,5):bool v=randn(5) i=rand(3,5):int64 k=1
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Write(nn.Module):
    def forward(self, x: torch.Tensor, m: torch.Tensor, v: torch.Tensor, i: torch.Tensor, k: int):
        a = x.clone()
        a[0] = 1.0
        a[1, 2] = -1
        a[:, 0] = v[:1]
        a[-1, ::2] = 7.5
        a[m] = 0.0
        b = x.clone()
        b[:, 1:3] = torch.ones(2)
        b[[0, -1]] = v
        b[:, torch.tensor([4, -4])] = 3.0
        b[b > 1] = b[b > 1] * 10
        b[k] = 9
        b[:, k] += 100
        c = i.clone()
        c[0, 0] = 2.7
        c[m] = -1
        c[..., -1] = torch.arange(c.size(0))
        d = torch.zeros(3, 4)
        d[1:, 1:] = 1
        d[0][2] = 5
        row = d[2]
        row[0] = -3
        d[2, 3] = 8
        e = x.clone()
        alias = e
        e += 1
        e.mul_(2)
        e.add_(v, alpha=0.5)
        e.masked_fill_(m, 0.25)
        f = x.clone()
        f.clamp_(-0.5, 0.5)
        f.sub_(1).div_(2)
        g = torch.zeros(2, 3)
        g.copy_(torch.ones(3))
        h = i.clone()
        h.zero_()
        h.fill_(3)
        t = x.clone().t()
        t[0] = 0
        u = x.clone()
        u.view(-1)[3] = 42
        u.unsqueeze(0)[0, 1] = -42
        return a, b, c, d, row, e, alias, f, g, h, t, u
