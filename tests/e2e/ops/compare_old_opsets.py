# Comparisons below the opsets where ONNX's operators take every type:
# Less and Greater take only floating tensors before opset 9 (integers and
# bools are compared as float64), Equal takes floats only from opset 11 (a
# float == is built from Less and Greater, NaN equal to nothing), and
# LessOrEqual / GreaterOrEqual come at 12 (NaN <= x stays false).  Also
# integer maximum/minimum, and a range() over a run-time int, whose trip
# count is clamped at 0 without Where before opset 9.
# tsc2onnx: --dynamic x:0=N --dynamic i:0=N
# example: x=randn(4,3) y=randn(3) i=randn(4,3):int64 n=3
# inputs: x=randn(2,3) y=randn(3) i=randn(2,3):int64 n=-2
# opsets: 7 8 9 10 11 12
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class CompareOldOpsets(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor, i: torch.Tensor, n: int):
        nan = (x - x) / (x - x)
        inf = x / (x - x)
        k = 0
        for j in range(n):
            k = k + j + 1
        return (
            x == y, x != y, x < y, x <= y, x > y, x >= y,
            nan == x, nan != nan, nan <= x, nan >= x, nan < inf, inf == inf, inf <= x, x >= inf,
            i == 2, i != 0, i < 1, i <= 1, i > 0, i >= -1, i == i, i <= 0.5,
            torch.maximum(i, i * -1), torch.minimum(i, 3 - i),
            torch.arange(4) > n, k,
        )
