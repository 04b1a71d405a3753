# Resizing: interpolate / nn.Upsample in every mode (nearest,
# nearest-exact, linear, bilinear, bicubic, trilinear, area) with size and
# scale_factor (integer and fractional, recomputed or not), align_corners,
# on 3-D, 4-D and 5-D inputs; UpsamplingNearest2d, UpsamplingBilinear2d.
# tsc2onnx: --dynamic x3:0=N --dynamic x4:0=N --dynamic x5:0=N
# example: x3=randn(2,3,7) x4=randn(2,3,5,6) x5=randn(2,2,3,4,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x3=randn(1,3,7) x4=randn(3,3,5,6) x5=randn(1,2,3,4,3)
# opsets: 11 13 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class Resize(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2)
        self.up_bilinear = nn.Upsample(scale_factor=(1.5, 2.5), mode="bilinear")
        self.up_near = nn.UpsamplingNearest2d(size=(9, 4))
        self.up_bi = nn.UpsamplingBilinear2d(scale_factor=2)

    def forward(self, x3, x4, x5):
        return (self.up(x3), self.up(x4), self.up(x5), self.up_bilinear(x4), self.up_near(x4), self.up_bi(x4),
                F.interpolate(x3, size=11), F.interpolate(x3, scale_factor=1.7),
                F.interpolate(x3, size=4, mode="linear"), F.interpolate(x3, scale_factor=2.5, mode="linear"),
                F.interpolate(x3, size=9, mode="linear", align_corners=True),
                F.interpolate(x4, size=(7, 3), mode="nearest-exact"),
                F.interpolate(x4, scale_factor=1.6, mode="nearest-exact"),
                F.interpolate(x4, size=(8, 9), mode="bilinear"),
                F.interpolate(x4, size=(3, 4), mode="bilinear", align_corners=True),
                F.interpolate(x4, scale_factor=(2, 1.5), mode="bilinear", recompute_scale_factor=True),
                F.interpolate(x4, size=(10, 11), mode="bicubic"),
                F.interpolate(x4, scale_factor=2, mode="bicubic", align_corners=True),
                F.interpolate(x5, size=(5, 6, 4), mode="trilinear"),
                F.interpolate(x5, scale_factor=2, mode="trilinear", align_corners=True),
                F.interpolate(x4, size=(3, 4), mode="area"), F.interpolate(x3, size=3, mode="area"),
                F.interpolate(x4, size=(1, 1), mode="bilinear"))
