# Rearranging functions: torch.repeat_interleave and Tensor.repeat_interleave
# with an int, a 0-d and a 1-element tensor, and per-slice repeats (a
# constant tensor, and one known only at run time, with and without
# output_size), with dim=None (flattened), a dim and a negative dim, and the
# repeats-only form; torch.meshgrid with indexing 'ij' (the default) and
# 'xy', as varargs and as a list, of three tensors and of a 0-d one;
# Tensor.unfold over the last, the first and a middle dimension with
# steps smaller, equal and larger than the window; Tensor.stride() of
# contiguous tensors (all strides and one dim's); broadcast_tensors,
# broadcast_shapes, diagonal (offsets and dims), as_strided.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,4) r=[2,0,1] v=randn(5) w=randn(2)
# inputs: x=randn(3,4) r=[0,2,1] v=randn(5) w=randn(2)
# opsets: 11 17
import torch
from torch import nn


class Layout(nn.Module):
    def forward(self, x: torch.Tensor, r: torch.Tensor, v: torch.Tensor, w: torch.Tensor):
        c = torch.tensor([1, 0, 3, 2])
        g = torch.arange(24.0).reshape(2, 3, 4)
        e = torch.exp(g)
        gi, gj, gk = torch.meshgrid(v, w, torch.tensor([1.0, 2.0, 3.0]), indexing="ij")
        hx, hy = torch.meshgrid([v, w], indexing="xy")
        d1, d2 = torch.meshgrid(v, w)
        s0, s1 = torch.meshgrid(torch.tensor(2.0), w, indexing="xy")
        return (
            torch.repeat_interleave(x, 2), x.repeat_interleave(3, dim=1), x.repeat_interleave(2, -2),
            torch.repeat_interleave(x, torch.tensor(2), dim=0), x.repeat_interleave(torch.tensor([3]), 1),
            x.repeat_interleave(c, dim=1), torch.repeat_interleave(x, r, dim=0),
            torch.repeat_interleave(v, torch.tensor([0, 1, 2, 0, 1])),
            torch.repeat_interleave(x, torch.tensor([1, 1, 2]), dim=0, output_size=4),
            torch.repeat_interleave(c), torch.repeat_interleave(torch.tensor(3.5), 2),
            gi, gj, gk, hx, hy, d1, d2, s0, s1,
            v.unfold(0, 2, 1), v.unfold(0, 2, 2), v.unfold(0, 2, 3), g.unfold(0, 1, 1), g.unfold(2, 3, 1),
            g.unfold(-2, 2, 1), x.unfold(1, 4, 1),
            torch.tensor(e.stride()), torch.tensor([e.stride(0), e.stride(-1), v.stride(0)]),
            torch.tensor(x.sum(0).stride()),
            torch.broadcast_tensors(x, c.float())[1], torch.broadcast_tensors(v[:4], e[0, 0])[0],
            torch.diagonal(e, 0, 1, 2), e.diagonal(1), e.diagonal(-1, -1, 0), e[0].diagonal(),
            torch.as_strided(e, (2, 2), (1, 2), 1), e.as_strided((3, 2), (4, 1)),
            torch.tensor(torch.broadcast_shapes((2, 1), (3,))),
        )
