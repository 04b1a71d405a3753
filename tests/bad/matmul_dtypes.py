# tsc2onnx: --example 'x=randn(2,3)' --example 'i=ones(3,2):int64' --example 'b=ones(2):int64'
# Matrix products do not promote in PyTorch: operands of two dtypes are
# refused with PyTorch's messages (matmul, @, mm, dot, addmm, linear).
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x, i, b):
        p = torch.matmul(x, i)
        q = x @ i
        r = torch.mm(x, i)
        d = torch.dot(x[0], i[:, 0])
        s = torch.addmm(b.float(), x, i)
        t = F.linear(x, i.t())
        return p, q, r, d, s, t
