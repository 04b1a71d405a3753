# << and >> on integer tensors (and torch.bitwise_left_shift / right_shift):
# a * 2**b and floor(a / 2**b) with PyTorch's two's complement results for
# negative values, overflow (wrapping, up to the shift by 63 that gives
# INT64_MIN), shifts by 63 and 31 to the right, int32, int8 and uint8
# tensors (computed in int32, wrapped back), Python ints on either side,
# and per-element shift amounts.  Amounts outside [0, width) are undefined
# in PyTorch and are not tested.
# example: a=arange(7):int64 s=arange(5):int64
# inputs: a=[-7, 5, 1, -1, 100, -9223372036854775807, 9223372036854775807]:int64 s=[0, 1, 63, 62, 2]:int64
# opsets: 10 17
import torch
from torch import nn


class Shifts(nn.Module):
    def forward(self, a: torch.Tensor, s: torch.Tensor):
        b = a[:5]
        i = b.int()
        c = b.to(torch.int8)
        u = b.abs().to(torch.uint8)
        return (
            a << 2, a >> 1, a << 63, a >> 63, a >> 62, 3 << s, -1000 >> s, b << s, b >> s,
            torch.bitwise_left_shift(b, s), b.bitwise_right_shift(s), torch.bitwise_right_shift(b, 4),
            i << 31, i >> 31, i << 30, i >> (s % 32).int(), i << (s % 32).int(), i >> 5,
            c << 3, c >> 1, c << 7, c >> (s % 8).to(torch.int8), u << 5, u >> 2, u << (s % 8).to(torch.uint8),
            b.int() << s, i >> s % 31,
        )
