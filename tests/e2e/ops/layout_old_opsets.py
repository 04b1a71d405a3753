# The rearranging functions at the oldest opset they support: 9 (Expand is
# opset 8, Slice takes its bounds as attributes before 10).  Repeats known
# when compiling (an int, constant tensors) need no CumSum; repeats known
# only at run time need opset 11 (tests/e2e/ops/layout.py).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,4) v=randn(5)
# inputs: x=randn(2,4) v=randn(5)
# opsets: 9 11
import torch
from torch import nn


class LayoutOld(nn.Module):
    def forward(self, x: torch.Tensor, v: torch.Tensor):
        g = torch.exp(torch.arange(24.0).reshape(2, 3, 4) / 10)
        a, b = torch.meshgrid(v, v[:2], indexing="xy")
        return (
            x.repeat_interleave(2, dim=0), torch.repeat_interleave(x, torch.tensor([2, 0, 1, 3]), dim=1),
            torch.repeat_interleave(torch.tensor([2, 1, 0, 3])), a, b, v.unfold(0, 3, 2), x.unfold(1, 2, 1),
            g.diagonal(1, 0, 2), torch.as_strided(g, (3, 3), (2, 5), 1), torch.diff(x, dim=1),
            torch.diff(v, 2, prepend=v[:1]), torch.tensor(g.stride()),
        )
