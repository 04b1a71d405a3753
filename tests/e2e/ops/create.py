# Creation: zeros, ones, full, empty (then filled), with dtypes and sizes
# read from a dynamic input; zeros_like, ones_like, empty_like, full_like;
# arange with int, float and run-time bounds; tensor and as_tensor; to and
# type_as conversions.
# tsc2onnx: --dynamic x:0=N --dynamic i:0=N
# example: x=randn(4,3) i=rand(4,3):int64
# inputs: x=randn(1,3) i=rand(1,3):int64
# opsets: 11 17
# variants: --no-optimize | --trace --keep-initializers-as-inputs
import torch
from torch import nn


class Create(nn.Module):
    def forward(self, x: torch.Tensor, i: torch.Tensor):
        n = x.size(0)
        return (
            torch.zeros(2, 3), torch.ones((2, 3), dtype=torch.int64), torch.full((2, 2), 1.5),
            torch.full((3,), 7), torch.full((2,), True), torch.zeros(n, 2), torch.ones(n, dtype=torch.int32),
            torch.full((n, 3), 2.0) + x, torch.empty(2, 3).zero_(), torch.empty(n, 3).fill_(3.0),
            torch.zeros_like(x), torch.ones_like(i), torch.empty_like(x).fill_(1.0), torch.full_like(x, 7),
            torch.full_like(i, 4), torch.zeros_like(x, dtype=torch.int64), torch.ones_like(x, dtype=torch.bool),
            torch.arange(5), torch.arange(2, 8, 2), torch.arange(0.0, 1.0, 0.25), torch.arange(n),
            torch.arange(1, n + 1) * 2, torch.arange(5, dtype=torch.float32), torch.arange(n, dtype=torch.float32),
            torch.tensor([1, 2, 3]), torch.tensor([[1.0, 2.0]]), torch.tensor(3.5), torch.as_tensor([1, 0]),
            torch.tensor([True, False]), torch.tensor([n, 3]),
            x.to(torch.int64), i.to(torch.float32), x.to(i), i.type_as(x), x.double(), x.long(), i.float(),
            x.half().float(), i.int(), i.bool(), x.to(dtype=torch.float64), x.type(torch.int32),
            x.new_zeros(2, 2), i.new_ones((3,)), x.new_full((2,), 5.0), x.new_tensor([1.0, 2.0]),
        )
