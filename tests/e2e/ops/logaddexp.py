# torch.logaddexp and logaddexp2, as functions and as Tensor methods:
# log(exp(a) + exp(b)) without overflow for large inputs (1000, 100) nor
# underflow for very negative ones (-1000), PyTorch's type promotion
# (float32 with float64 gives float64; a 0-d float64 tensor leaves float32
# as it is), broadcasting, and PyTorch's infinities: (-inf, -inf) gives
# -inf, (inf, inf) inf, (inf, -inf) inf; a NaN operand gives NaN.
# tsc2onnx: --dynamic x:0=N --dynamic y:0=N
# example: x=randn(5,4) y=randn(5,4) d=randn(4):float64
# inputs: x=[[0.0, -20.0, 100.0, -100.0], [1000.0, -1000.0, 3.5, 2.0]] y=[[0.0, 0.0, 100.0, -101.0], [999.0, -1000.0, -3.5, 2.0]] d=[1.5, -1000.0, 0.0, 40.0]:float64
# opsets: 9 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class LogAddExp(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor, d: torch.Tensor):
        inf = float("inf")
        a = torch.tensor([-inf, inf, inf, -inf, float("nan"), 0.0, -inf])
        b = torch.tensor([-inf, inf, -inf, 2.0, 1.0, float("nan"), 5.0])
        return (
            torch.logaddexp(x, y), x.logaddexp(y), torch.logaddexp(x, d), d.logaddexp(x[0]),
            torch.logaddexp(x, torch.tensor(3.0, dtype=torch.float64)),
            torch.logaddexp(a, b), b.logaddexp(a),
            torch.logaddexp2(x, y), x.logaddexp2(y), torch.logaddexp2(a, b), torch.logaddexp2(x, d),
        )
