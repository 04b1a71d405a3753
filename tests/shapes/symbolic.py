# Symbolic dimensions through broadcasting, reshape/view with -1 and sizes
# read from the input, concat, reductions, indexing, creation and scans.
# tsc2onnx: --input x:float32[N,6] --input y:float32[6] --input z:float32[M,6] --input b:float32[N,3,4]
import torch
from torch import Tensor, nn


class Symbolic(nn.Module):
    def forward(self, x: Tensor, y: Tensor, z: Tensor, b: Tensor):
        n = x.size(0)
        return (
            x + y, x * x, torch.where(x > 0, x, 0.0),
            x.view(-1), x.view(n, 2, 3), x.reshape(n * 2, -1), x.view(2, -1), b.flatten(1), b.flatten(),
            torch.cat([x, z]), torch.cat([x, x], 1), torch.stack([x, x], 1),
            x.sum(1), x.sum(0, keepdim=True), b.mean((1, 2)), x.max(1).indices, x.argmax(),
            x[1:], x[:, 2:], x[0], x[:n], x[:, None], x[..., ::2], b[:, 0, 1:3], x[x > 0],
            torch.zeros(n, 3), torch.ones(n // 2, 2), torch.arange(n), torch.zeros_like(b),
            x.t(), b.permute(2, 0, 1), x.unsqueeze(1), b.transpose(0, 2), x.expand(2, n, 6),
            x @ x.t(), torch.bmm(b, b.transpose(1, 2)), x.cumsum(0), torch.topk(x, 2).values,
            x.repeat(2, 1), torch.split(x, 3, 1)[0], x.size(0) * 2 + x,
        )
