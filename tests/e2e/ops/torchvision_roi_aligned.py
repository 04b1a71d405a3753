# torchvision.ops.roi_align with aligned=True: RoiAlign's half_pixel
# transform (opset 16): roi corners shifted by half a pixel, rois smaller
# than a pixel kept as they are; adaptive and fixed sampling, spatial_scale.
# example: x=randn(2,3,10,12) b=rand(4,2)
# inputs: x=randn(2,3,10,12) b=[[0.0,0.0],[0.9,0.1],[0.5,0.5],[0.3,0.95]]
# opsets: 16 17
import torch
import torchvision
from torch import nn


class RoiAligned(nn.Module):
    def forward(self, x: torch.Tensor, b: torch.Tensor):
        xy = b * 10.0 - 1.0
        wh = torch.tensor([[4.0, 3.0], [6.5, 2.5], [0.4, 0.3], [8.0, 7.0]])
        rois = torch.cat([torch.tensor([[0.0], [1.0], [0.0], [1.0]]), xy, xy + wh], dim=1)
        return (
            torchvision.ops.roi_align(x, rois, (3, 4), aligned=True),
            torchvision.ops.roi_align(x, rois, 2, 0.5, 2, True),
        )
