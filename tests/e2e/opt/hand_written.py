# Hand-written forms that the graph passes (opt/) fuse or remove: a BERT
# style layer norm, the erf and tanh GELUs, x @ w.t() + b on a matrix
# (Gemm), chains of casts, transposes and reshapes, no-op arithmetic, and
# repeated subexpressions.  The fused graph must give PyTorch's numbers.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(3,4,16)
# inputs: x=randn(1,4,16)
# opsets: 13 17 18 20
import math
import torch
import torch.nn as nn


class BertLayerNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-12):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(hidden_size))
        self.bias = nn.Parameter(torch.empty(hidden_size))
        nn.init.uniform_(self.weight, 0.5, 1.5)
        nn.init.uniform_(self.bias, -0.5, 0.5)
        self.variance_epsilon = eps

    def forward(self, x):
        u = x.mean(-1, keepdim=True)
        s = (x - u).pow(2).mean(-1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.variance_epsilon)
        return self.weight * x + self.bias


def gelu(x):
    return x * 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))


def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


class HandWritten(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = BertLayerNorm(16)
        self.fc = nn.Linear(16, 16)
        self.w = nn.Parameter(torch.empty(8, 16))
        self.b = nn.Parameter(torch.empty(8))
        nn.init.normal_(self.w)
        nn.init.normal_(self.b)

    def forward(self, x):
        h = gelu(self.fc(self.ln(x)))
        h = gelu_new(h) + x @ self.fc.weight.t()
        m = h.reshape(-1, 16)
        g = m @ self.w.t() + self.b                      # Gemm
        g = g.t().t() * 1.0 / 1.0 - 0.0                  # no-ops
        c = g.to(torch.float64).to(torch.float32)        # exact round trip
        k = c.unsqueeze(0).squeeze(0).reshape(2, -1).reshape(-1, 8)
        twice = torch.relu(k) + torch.relu(k)            # one Relu
        return twice, h.flatten(1).reshape(-1, 4, 16)
