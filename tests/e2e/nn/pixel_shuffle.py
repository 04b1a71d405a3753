# pixel_shuffle (DepthToSpace in CRD mode from opset 11) and
# pixel_unshuffle, on batched and unbatched inputs, and the modules.
# tsc2onnx: --dynamic x:0=N --dynamic y:0=N
# example: x=randn(2,18,3,4) y=randn(2,2,6,9) u=randn(8,2,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,18,3,4) y=randn(1,2,6,9) u=randn(8,2,3)
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class Shuffle(nn.Module):
    def __init__(self):
        super().__init__()
        self.ps = nn.PixelShuffle(3)
        self.pu = nn.PixelUnshuffle(3)

    def forward(self, x, y, u):
        return (self.ps(x), self.pu(y), F.pixel_shuffle(u, 2), F.pixel_unshuffle(self.ps(x), 3),
                F.pixel_unshuffle(u, 1))
