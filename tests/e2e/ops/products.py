# addcmul and addcdiv (value= cast to the result type: 0.5 on int64 is 0;
# mixed int and float operands promote), outer and ger (mixed dtypes),
# torch.cross (without dim: the first dimension of size 3, PyTorch 1.13's
# default; broadcast batch dimensions) and linalg.cross (dim=-1),
# tensordot with an int, a pair of lists and negative dims, nan_to_num on
# NaN and the infinities (defaults: the type's largest finite values;
# float64 and int64 inputs), and the identities on real tensors: conj,
# conj_physical, resolve_conj, resolve_neg, is_pinned.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3) v=randn(3) i=arange(3):int64
# inputs: x=[[1.0, 0.0, -2.0], [0.5, 3.0, 100.0]] v=[1.0, -1.0, 2.0] i=[3, -4, 0]:int64
# opsets: 9 17
import torch
from torch import nn


class Products(nn.Module):
    def forward(self, x: torch.Tensor, v: torch.Tensor, i: torch.Tensor):
        inf = float("inf")
        s = torch.tensor([1.0, inf, -inf, float("nan"), -0.0])
        g = torch.arange(24.0).reshape(2, 3, 4)
        h = torch.arange(40.0).reshape(4, 2, 5) / 7
        w = torch.tensor([[3.0, 1.0, 2.0], [0.0, -1.0, 4.0]])
        return (
            torch.addcmul(x, x, v), x.addcmul(v, v, value=-0.5), torch.addcmul(i, i, i, value=2),
            torch.addcmul(i, i, i, value=0.5), torch.addcmul(i, v, i, value=0.5),
            torch.addcdiv(x, v, x + 10), x.addcdiv(v, 3.0 + v * v, value=2.5), torch.addcdiv(i, i, v),
            torch.outer(v, i), v.outer(v), torch.ger(i, i), i.ger(v),
            torch.cross(w, w * w - 3), torch.cross(w[None], w[None].expand(4, 2, 3), dim=2),
            x.cross(x * 2 - 1, dim=1), torch.cross(i, i * i + 1), torch.linalg.cross(x, w[:1].expand_as(x)), torch.cross(g[:, :, :3], g[:1, :, 1:]),
            torch.linalg.cross(x[:, None], w[None], dim=-1),
            torch.tensordot(g, h, 1), torch.tensordot(g, h, ([0, 2], [1, 0])),
            torch.tensordot(x, x, ([-1], [-1])), torch.tensordot(g, g, 3), torch.tensordot(v, i.float(), 0),
            torch.nan_to_num(s), s.nan_to_num(nan=2.0, posinf=1e30), torch.nan_to_num(s, neginf=-7.0),
            torch.nan_to_num(s.double()), torch.nan_to_num(i), torch.nan_to_num(x / 0.0, 1.0, 2.0, 3.0),
            torch.conj(x), x.conj(), torch.conj_physical(x), x.conj_physical(), torch.resolve_conj(i),
            x.resolve_conj(), torch.resolve_neg(x), x.resolve_neg(),
            torch.tensor(x.is_pinned()),
        )
