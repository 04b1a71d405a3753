# torchvision.ops.roi_align and roi_pool, compiled from torchvision's own
# source: roi_align is ONNX RoiAlign (aligned=False at opset 10: rois at
# least 1x1 pixel, no shift; aligned=True, half-pixel shift, needs opset
# 16), sampling_ratio -1 (adaptive) and 2, spatial_scale, output_size as
# an int, tuple or list; roi_pool is MaxRoiPool.  (Boxes as a list of
# Tensor[L, 4] fail to type-check in torchvision's roi_align yet.)
# Rois reach outside the image and one is smaller than a pixel.
# example: x=randn(2,3,10,12) b=rand(4,2)
# inputs: x=randn(2,3,10,12) b=[[0.0,0.0],[0.9,0.1],[0.5,0.5],[0.3,0.95]]
# opsets: 10 17
import torch
import torchvision
from torch import nn


class Roi(nn.Module):
    def forward(self, x: torch.Tensor, b: torch.Tensor):
        xy = b * 10.0 - 1.0
        wh = torch.tensor([[4.0, 3.0], [6.5, 2.5], [0.4, 0.3], [8.0, 7.0]])
        boxes = torch.cat([xy, xy + wh], dim=1)
        idx = torch.tensor([[0.0], [1.0], [0.0], [1.0]])
        rois = torch.cat([idx, boxes], dim=1)
        out = (
            torchvision.ops.roi_align(x, rois, (3, 4)),
            torchvision.ops.roi_align(x, rois, 2, spatial_scale=0.5, sampling_ratio=2),
            torchvision.ops.roi_align(x, rois, [2, 3], 1.0, -1),
            torchvision.ops.roi_pool(x, rois, (3, 2)),
            torchvision.ops.roi_pool(x, rois, 2, spatial_scale=0.5),
        )
        return out
