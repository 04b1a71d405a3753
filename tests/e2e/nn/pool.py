# Max and average pooling, 1d/2d/3d: stride, padding, dilation, ceil_mode
# (including a last window that would start in the padding),
# count_include_pad, divisor_override, return_indices, unbatched input.
# tsc2onnx: --dynamic x1:0=N --dynamic x2:0=N --dynamic x3:0=N
# example: x1=randn(2,3,13) x2=randn(2,3,11,10) x3=randn(2,2,7,6,5) u=randn(3,9,8)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x1=randn(1,3,13) x2=randn(4,3,11,10) x3=randn(1,2,7,6,5) u=randn(3,9,8)
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class Pools(nn.Module):
    def __init__(self):
        super().__init__()
        self.m1 = nn.MaxPool1d(3, stride=2, padding=1)
        self.m1_ceil = nn.MaxPool1d(2, stride=2, ceil_mode=True)
        self.m2 = nn.MaxPool2d((3, 2), stride=(2, 1), padding=(1, 0), dilation=(1, 2))
        self.m2_ceil = nn.MaxPool2d(3, stride=2, ceil_mode=True)
        self.m2_ceil_pad = nn.MaxPool2d(3, stride=3, padding=1, ceil_mode=True)
        self.m3 = nn.MaxPool3d(2, stride=(1, 2, 2), padding=1)
        self.a1 = nn.AvgPool1d(3, stride=2, padding=1)
        self.a1_excl = nn.AvgPool1d(4, stride=3, padding=2, count_include_pad=False)
        self.a2 = nn.AvgPool2d(3, stride=2, padding=1)
        self.a2_ceil = nn.AvgPool2d(3, stride=2, ceil_mode=True)
        self.a2_ceil_pad = nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True)
        self.a2_ceil_excl = nn.AvgPool2d(2, stride=3, padding=1, ceil_mode=True, count_include_pad=False)
        self.a2_div = nn.AvgPool2d(2, padding=1, divisor_override=3)
        self.a2_div_ceil = nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, divisor_override=5)
        self.a3 = nn.AvgPool3d((2, 3, 2), stride=(1, 2, 2), padding=(1, 1, 0))
        self.idx2 = nn.MaxPool2d(2, stride=2, return_indices=True)

    def forward(self, x1, x2, x3, u):
        y, i = self.idx2(x2)
        y1, i1 = F.max_pool1d(x1, 3, 2, return_indices=True)
        return (self.m1(x1), self.m1_ceil(x1), self.m2(x2), self.m2_ceil(x2), self.m2_ceil_pad(x2),
                self.m3(x3), self.a1(x1), self.a1_excl(x1), self.a2(x2), self.a2_ceil(x2),
                self.a2_ceil_pad(x2), self.a2_ceil_excl(x2), self.a2_div(x2), self.a2_div_ceil(x2), self.a3(x3),
                y, i, y1, i1, self.m2_ceil(u), self.a2(u),
                F.max_pool2d(x2, 2), F.avg_pool2d(x2, (2, 3), ceil_mode=True, count_include_pad=False))
