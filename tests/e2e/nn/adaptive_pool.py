# Adaptive average and max pooling, 1d/2d/3d: output sizes that divide the
# input (one pooling operator), that do not (PyTorch's exporter fails
# there; here a reduction per output cell), larger than the input, None
# entries, output 1 (global pooling), return_indices, unbatched input.
# tsc2onnx: --dynamic x1:0=N --dynamic x2:0=N --dynamic x3:0=N
# example: x1=randn(2,3,10) x2=randn(2,3,12,7) x3=randn(2,2,6,5,4) u=randn(3,9,8)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x1=randn(1,3,10) x2=randn(4,3,12,7) x3=randn(1,2,6,5,4) u=randn(3,9,8)
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class AdaptivePools(nn.Module):
    def __init__(self):
        super().__init__()
        self.a1 = nn.AdaptiveAvgPool1d(5)
        self.a1_odd = nn.AdaptiveAvgPool1d(3)
        self.a2 = nn.AdaptiveAvgPool2d((4, 7))
        self.a2_odd = nn.AdaptiveAvgPool2d((5, 3))
        self.a2_none = nn.AdaptiveAvgPool2d((None, 2))
        self.a2_up = nn.AdaptiveAvgPool2d(14)
        self.a2_one = nn.AdaptiveAvgPool2d(1)
        self.a3 = nn.AdaptiveAvgPool3d((3, 2, 3))
        self.m1 = nn.AdaptiveMaxPool1d(4)
        self.m2 = nn.AdaptiveMaxPool2d((6, 7))
        self.m2_odd = nn.AdaptiveMaxPool2d((5, 4))
        self.m2_one = nn.AdaptiveMaxPool2d((1, 1))
        self.m3 = nn.AdaptiveMaxPool3d((2, 3, 3))
        self.m2_idx = nn.AdaptiveMaxPool2d((3, 7), return_indices=True)

    def forward(self, x1, x2, x3, u):
        y, i = self.m2_idx(x2)
        return (self.a1(x1), self.a1_odd(x1), self.a2(x2), self.a2_odd(x2), self.a2_none(x2),
                self.a2_up(x2), self.a2_one(x2), self.a3(x3), self.m1(x1), self.m2(x2), self.m2_odd(x2),
                self.m2_one(x2), self.m3(x3), y, i, self.a2_odd(u), self.m2_odd(u),
                F.adaptive_avg_pool2d(x2, (3, 3)), F.adaptive_max_pool1d(x1, 7))
