# Reading with x[...]: ints (negative, run-time), slices with steps and
# negative or run-time bounds, None, Ellipsis, bool masks (whole and along
# leading dims), integer tensors and lists (negative ones too), several
# tensor indices broadcast together, adjacent (result in place) and not
# (result in front), combined with ints, slices and None.
# tsc2onnx: --dynamic x:0=N --dynamic m:0=N
# example: x=randn(4,5,6) m=rand(4,5):bool idx=[0, 2, -1] k=1
# inputs: x=randn(3,5,6) m=rand(3,5):bool idx=[1, -2, 0] k=2
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Read(nn.Module):
    def forward(self, x: torch.Tensor, m: torch.Tensor, idx: torch.Tensor, k: int):
        j = torch.tensor([[0, 1], [2, 3]])
        return (
            x[0], x[-1], x[1, 2], x[:, -1, 3], x[k], x[:, k], x[..., k], x[0, k, -k],
            x[1:], x[:, 1:4], x[:, ::2], x[:, 1::2, ::3], x[:, -3:], x[:, :-2], x[:, -4:-1, 1:-1],
            x[:, k:], x[:, :k], x[:, k:k + 2], x[:, 100:], x[1:3, 10:20],
            x[None], x[:, None], x[..., None], x[None, 1, None], x[...], x[..., 1:], x[0, ...], x[..., 2, :],
            x[m], x[m[:, 0]], x[:, m[0]], x[x > 0], x[:, :, x[0, 0] > 0],
            x[:, idx], x[idx], x[..., idx], x[:, [0, 3]], x[[1, -1]], x[:, j], x[j - 1],
            x[:, idx, idx], x[idx[:2], :, idx[1:]], x[0, :, idx], x[:, idx, 0], x[idx, 0, idx],
            x[:, None, idx], x[:, idx, None, idx], x[idx, None, idx], x[1:, [0, 1], 2:4],
        )
