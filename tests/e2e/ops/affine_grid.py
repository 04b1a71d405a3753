# F.affine_grid at any opset: a constant base grid of homogeneous
# coordinates times theta^T, for 2-D and 3-D transforms, float32 and 64,
# align_corners True and False, axes of size 1 (coordinate 0).
# example: theta=randn(2,2,3) theta3=randn(2,3,4)
# opsets: 9 17
import torch
import torch.nn.functional as F
from torch import nn


class AffineGrid(nn.Module):
    def forward(self, theta: torch.Tensor, theta3: torch.Tensor):
        return (
            F.affine_grid(theta, [2, 3, 4, 5], align_corners=False),
            F.affine_grid(theta, [2, 1, 3, 2], align_corners=True),
            F.affine_grid(theta, [2, 3, 1, 1], align_corners=False),
            F.affine_grid(theta3, [2, 2, 2, 3, 4], align_corners=True),
            F.affine_grid(theta3.double(), [2, 1, 3, 1, 2], align_corners=False),
        )
