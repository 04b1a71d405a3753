# torch.bucketize (right=False and True, out_int32, values on the
# boundaries, below the first and above the last, NaN past the end, int64
# values with float boundaries, a Python number) and masked_scatter (as a
# function and a method; a mask broadcast over the input and an input
# broadcast to the mask; an int64 mask counts its nonzeros; more source
# elements than true positions).
# tsc2onnx: --dynamic x:0=N --dynamic m:0=N
# example: x=randn(4,3) m=rand(4,3):bool
# inputs: x=[[1.0, 0.0, -2.0], [0.5, 3.0, 100.0]] m=[[True, False, True], [False, False, True]]:bool
# opsets: 11 17
import torch
from torch import nn


class Bucketize(nn.Module):
    def forward(self, x: torch.Tensor, m: torch.Tensor):
        b = torch.tensor([-1.0, 0.0, 0.5, 3.0])
        s = torch.tensor([1.0, float("nan"), -1.0, 0.25, 7.0])
        src = torch.arange(100.0).reshape(25, 4)
        return (
            torch.bucketize(x, b), torch.bucketize(x, b, right=True), torch.bucketize(x, b, out_int32=True),
            torch.bucketize(s, b), torch.bucketize(s, b, right=True, out_int32=True),
            torch.bucketize(torch.tensor([1, 2, 3, -5]), b), torch.bucketize(2.5, b),
            torch.bucketize(x.long(), torch.tensor([0, 1, 2])),
            torch.masked_scatter(x, m, src), x.masked_scatter(m[0], src), x[0].masked_scatter(m, src),
            x.masked_scatter(m.long(), -src), torch.masked_scatter(x.long(), m, src.long()),
        )
