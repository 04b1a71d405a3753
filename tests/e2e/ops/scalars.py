# Run-time Python numbers: an int and a float forward() parameter and sizes
# of a dynamic axis, in Python arithmetic (// floors, / is a float, % takes
# the divisor's sign), comparisons, conversions, and as tensor operands,
# shapes and indices; item() of a 0-d tensor; max, min and math on them.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(4,3) k=3 f=0.5
# inputs: x=randn(7,3) k=-5 f=-2.25
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import math

import torch
from torch import nn


class Scalars(nn.Module):
    def forward(self, x: torch.Tensor, k: int, f: float):
        n = x.size(0)
        s = x.sum().item()
        return (
            k + 1, k - 2, 3 * k, k * k, k // 2, k % 3, -k, k / 2, abs(k), k ** 2,
            f + 1, f * k, k - f, f / 2, f // 0.5, -f, float(k), int(f), int(f * 10),
            k > 2, k == 3, k != f, f <= 0, (k > 0) and True,
            n * 2, n // 2, n + k, n - 1, n % 2,
            x * k, x + f, k - x, x[:, 0] * n, x.view(n * 3), x.reshape(n, 3, 1).size(1) + n,
            torch.full((2,), k), torch.zeros(n // 2 + 1, 2), torch.arange(n) * f,
            x[n - 1], x[-n:], s + 1, x.mean().item() * 2,
            max(n, 5), min(k, 1), max(k, n, 2), math.ceil(n / 2), math.floor(k / 3), math.sqrt(n),
            math.exp(f), torch.tensor(n), torch.tensor([k, 1]),
        )
