# Layers on inputs whose spatial sizes are symbolic (H, W): convolutions,
# pooling (ceil mode falls back to ONNX's ceil_mode), global and
# keep-size adaptive pooling, resizing by a scale factor or to a fixed
# size, reflect padding, pixel shuffle, batch norm.
# tsc2onnx: --dynamic x:0=N --dynamic x:2=H --dynamic x:3=W
# example: x=randn(2,4,12,10)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,4,9,13)
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class DynamicSpatial(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 8, 3, padding=1)
        self.conv_s2 = nn.Conv2d(4, 4, 3, stride=2)
        self.bn = nn.BatchNorm2d(8)
        self.pool = nn.MaxPool2d(2)
        self.pool_ceil = nn.MaxPool2d(3, stride=2, ceil_mode=True)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.rows = nn.AdaptiveMaxPool2d((None, 1))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.ps = nn.PixelShuffle(2)

    def forward(self, x):
        y = self.bn(self.conv(x))
        return (y, self.conv_s2(x), self.pool(x), self.pool_ceil(x), self.gap(y), self.rows(x), self.up(x),
                F.interpolate(x, scale_factor=1.5, mode="bilinear"), F.interpolate(x, size=(5, 7)),
                F.pad(x, (1, 2, 2, 1), mode="reflect"), self.ps(y), F.avg_pool2d(x, 3, 1, 1),
                F.adaptive_max_pool2d(x, 1))
