# torch.nn.utils.parametrize: a custom parametrization (a symmetric weight,
# with right_inverse), two chained on one tensor, one on a buffer, one
# with two originals, and removal (leave_parametrized); and
# parametrizations.weight_norm (PyTorch 2: the reference PyTorch here,
# 1.13, lacks it, so there the model registers the same parametrization
# itself; both name its tensors parametrizations.weight.original0/1).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,5)
# inputs: x=randn(3,5)
# opsets: 9 17
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P

try:
    from torch.nn.utils.parametrizations import weight_norm
except ImportError:
    class _WeightNorm(nn.Module):
        def __init__(self, dim=0):
            super().__init__()
            self.dim = -1 if dim is None else dim

        def forward(self, weight_g, weight_v):
            return torch._weight_norm(weight_v, weight_g, self.dim)

        def right_inverse(self, weight):
            return torch.norm_except_dim(weight, 2, self.dim), weight

    def weight_norm(module, name="weight", dim=0):
        P.register_parametrization(module, name, _WeightNorm(dim), unsafe=True)
        return module


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(0, 1)

    def right_inverse(self, A):
        return A.triu()


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = nn.Parameter(torch.tensor(2.0))

    def forward(self, X):
        return X * self.factor


class RankOne(nn.Module):
    def forward(self, x, y):
        return x.unsqueeze(-1) @ y.unsqueeze(-2)

    def right_inverse(self, Z):
        return Z[:, 0], Z[0, :]


class WithBuffer(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("offset", torch.linspace(-1.0, 1.0, 5))

    def forward(self, x):
        return x + self.offset


class Parametrized(nn.Module):
    def __init__(self):
        super().__init__()
        self.sym = P.register_parametrization(nn.Linear(5, 5), "weight", Symmetric())
        self.chain = nn.Linear(5, 5)
        P.register_parametrization(self.chain, "weight", Symmetric())
        P.register_parametrization(self.chain, "weight", Scale())
        self.buf = WithBuffer()
        P.register_parametrization(self.buf, "offset", Scale())
        self.rank = P.register_parametrization(nn.Linear(5, 5, bias=False), "weight", RankOne())
        self.removed = nn.Linear(5, 5)
        P.register_parametrization(self.removed, "weight", Symmetric())
        P.remove_parametrizations(self.removed, "weight")
        self.wn = weight_norm(nn.Linear(5, 3))
        self.wn_none = weight_norm(nn.Linear(5, 3), dim=None)
        with torch.no_grad():
            self.wn.parametrizations.weight.original0.uniform_(0.5, 2.0)

    def forward(self, x):
        return (self.sym(x), self.chain(x), self.buf(x), self.rank(x), self.removed(x), self.wn(x),
                self.wn_none(x), P.is_parametrized(self.sym), P.is_parametrized(self.removed))
