# torch.det, Tensor.det, torch.linalg.det and torch.logdet (onnx.Det, an LU
# decomposition): 1x1, 2x2 and 3x3 matrices, batches, a singular
# matrix (det 0, logdet -inf), a negative determinant (logdet NaN), a
# matrix that needs a row exchange (zero first pivot).
# tsc2onnx: --dynamic a:0=B
# example: a=randn(4,3,3)
# inputs: a=[[[0.0, 1.0, 2.0], [1.0, 0.0, 3.0], [4.0, -3.0, 8.0]], [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]]]
# opsets: 11 17
import torch
from torch import nn


class Det(nn.Module):
    def forward(self, a: torch.Tensor):
        m = a @ a.transpose(1, 2) + torch.eye(3)
        return (
            torch.det(a), a.det(), torch.linalg.det(a), torch.logdet(m), m.logdet(), torch.logdet(a),
            torch.det(a[:, :2, :2]), torch.det(a[:, :1, :1]),
            torch.det(torch.tensor([[0.0, 1.0], [1.0, 0.0]])), torch.logdet(torch.zeros(2, 2)),
            torch.linalg.det(torch.tensor([[2.0, 1.0], [4.0, 2.0]])),
        )
