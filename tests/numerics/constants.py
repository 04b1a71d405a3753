# Special values in compile-time tensors reach the ONNX file bit for bit
# (tests/numerics.py compares every initializer with numpy's array of the
# same literals): signed zeros, infinities, NaN, subnormals, the largest
# finite values, the integer extremes, float16 rounding.
import torch
import torch.nn as nn


class Constants(nn.Module):
    def __init__(self):
        super().__init__()
        nan, inf = float('nan'), float('inf')
        self.register_buffer('f32', torch.tensor([0.0, -0.0, inf, -inf, nan, 1e-45, 3.4028234663852886e38, -1.5,
                                                  1.401298464324817e-45, 1.1754942106924411e-38]))
        self.register_buffer('f64', torch.tensor([-0.0, 5e-324, 1.7976931348623157e308, -inf, nan, 0.1],
                                                 dtype=torch.float64))
        self.register_buffer('f16', torch.tensor([-0.0, 65504.0, inf, 6e-8, 0.1, 65519.0, 1e-8],
                                                 dtype=torch.float16))
        self.register_buffer('i64', torch.tensor([-9223372036854775807 - 1, 9223372036854775807, 0, -1]))
        self.register_buffer('i32', torch.tensor([-2147483648, 2147483647], dtype=torch.int32))
        self.register_buffer('i8', torch.tensor([-128, 127, 0], dtype=torch.int8))
        self.register_buffer('u8', torch.tensor([0, 255], dtype=torch.uint8))
        self.register_buffer('b', torch.tensor([True, False]))

    def forward(self, x):
        return x, self.f32, self.f64, self.f16, self.i64, self.i32, self.i8, self.u8, self.b
