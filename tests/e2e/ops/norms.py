# torch.diff (n = 0, 1, 2 and beyond the size, a dim, prepend and append
# with type promotion, a bool input, a run-time size); torch.cdist
# (p = 2, 1, 0, inf, 0.5, 3; batched with broadcast batch dimensions; a
# compute_mode); torch.linalg.vector_norm (ord 2, 1, inf, -inf, 0, -1, 3.5;
# dim None, an int, a tuple; keepdim; dtype), matrix_norm ('fro', 1, -1,
# inf, -inf; dims in either order; keepdim; dtype) and norm (ord None, a
# vector ord with an int dim, a matrix ord on a 2-D input and with two
# dims, 'fro').
# tsc2onnx: --dynamic x:0=N
# example: x=randn(5,4) y=randn(3,4) b=randn(2,3,4)
# inputs: x=randn(2,4) y=[[0.0, 0.0, 0.0, 0.0], [1.0, -2.0, 0.0, 3.0], [0.5, 0.5, -0.5, 9.0]] b=randn(2,3,4)
# opsets: 9 11 17
import torch
from torch import nn


class Norms(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor, b: torch.Tensor):
        bits = torch.tensor([True, False, False, True])
        return (
            torch.diff(x), x.diff(dim=0), torch.diff(y, n=2), torch.diff(y, n=0), torch.diff(y, n=7),
            torch.diff(y, dim=0, prepend=x[:1], append=torch.ones(2, 4, dtype=torch.float64)),
            torch.diff(bits), b.diff(2, 1),
            torch.cdist(x, y), torch.cdist(y, x, p=1), torch.cdist(x, y, p=0), torch.cdist(x, y, p=float("inf")),
            torch.cdist(x, y, 0.5), torch.cdist(x, y, p=3.0), torch.cdist(b, y),
            torch.cdist(b.unsqueeze(0), b[:1], compute_mode="donot_use_mm_for_euclid_dist"),
            torch.linalg.vector_norm(x), torch.linalg.vector_norm(y, 1), torch.linalg.vector_norm(y, float("inf"), dim=1),
            torch.linalg.vector_norm(y, float("-inf"), dim=0, keepdim=True), torch.linalg.vector_norm(y, 0, dim=(0, 1)),
            torch.linalg.vector_norm(b, -1, dim=(2, 0)), torch.linalg.vector_norm(b, 3.5, keepdim=True),
            torch.linalg.vector_norm(b, dtype=torch.float64),
            torch.linalg.matrix_norm(y), torch.linalg.matrix_norm(b, 1), torch.linalg.matrix_norm(b, -1, keepdim=True),
            torch.linalg.matrix_norm(b, float("inf")), torch.linalg.matrix_norm(b, float("-inf"), dim=(2, 0)),
            torch.linalg.matrix_norm(b, "fro", dim=(-1, 0), keepdim=True), torch.linalg.matrix_norm(y, 1, dtype=torch.float64),
            torch.linalg.norm(b), torch.linalg.norm(y, 1), torch.linalg.norm(x, float("inf")), torch.linalg.norm(b, 3, dim=1), torch.linalg.norm(b, 1, dim=(0, 2)),
            torch.linalg.norm(y, "fro"), torch.linalg.norm(b, dim=(1, 2), keepdim=True),
        )
