# Matrix products: mm, bmm, matmul (1-D operands, batch broadcasting, int64),
# addmm and baddbmm with alpha and beta (Gemm for floats), linear with and
# without bias, and einsum (Einsum from opset 12, a decomposition into
# Transpose/Mul/ReduceSum before).
# tsc2onnx: --dynamic a:0=N
# example: a=randn(4,3) b=randn(3,5) c=randn(2,4,3) d=randn(2,3,5) v=randn(3) w=randn(5,3) bias=randn(5) k=randn(3,3):int64
# inputs: a=randn(2,3) b=randn(3,5) c=randn(2,4,3) d=randn(2,3,5) v=randn(3) w=randn(5,3) bias=randn(5) k=randn(3,3):int64
# tolerance: rtol=1e-4 atol=1e-4
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
import torch.nn.functional as F
from torch import nn


class Products(nn.Module):
    def forward(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor, d: torch.Tensor, v: torch.Tensor,
                w: torch.Tensor, bias: torch.Tensor, k: torch.Tensor):
        return (
            torch.mm(a, b), a.mm(b), a @ b, torch.matmul(a, v), torch.matmul(v, b), torch.matmul(v, v),
            torch.bmm(c, d), c.bmm(d), torch.matmul(c, b), torch.matmul(c, d), k @ k, torch.matmul(k, k),
            torch.addmm(bias, a, b), torch.addmm(bias, a, b, beta=0.5, alpha=2.0),
            torch.addmm(torch.ones(4, 5), a[:1].expand(4, 3), b, beta=0),
            bias.addmm(a, b, alpha=-1), torch.baddbmm(bias, c, d), torch.baddbmm(c @ d, c, d, beta=2, alpha=0.5),
            F.linear(a, w), F.linear(a, w, bias), F.linear(c, w, bias), F.linear(v, w),
            torch.einsum("ij,jk->ik", a, b), torch.einsum("bij,bjk->bik", c, d), torch.einsum("ij->ji", a),
            torch.einsum("i,i->", v, v), torch.einsum("ij,kj", a, w), torch.einsum("bij->b", c),
            torch.einsum("ij,j->i", [a, v]), torch.einsum("i,j->ij", v, bias),
        )
