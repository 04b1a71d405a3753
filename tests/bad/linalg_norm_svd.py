# tsc2onnx: --example 'x=randn(4,3)'
# Matrix norms that need singular values (nuc, 2, -2): no ONNX operator computes them; each is refused.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.linalg.matrix_norm(x, "nuc"), torch.linalg.norm(x, 2), torch.linalg.matrix_norm(x, -2)
