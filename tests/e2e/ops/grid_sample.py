# F.grid_sample as ONNX GridSample (opset 16): modes bilinear, nearest and
# bicubic, padding modes zeros, border and reflection, align_corners True
# and False, on a grid reaching well outside [-1, 1]; and F.affine_grid
# (a constant base grid times theta^T, any opset) for 2-D and 3-D
# transforms, fed to grid_sample.  The second input set holds grid points
# exactly on pixel centres and edges.
# example: x=randn(2,3,5,6) g=randn(2,1,7,2) theta=randn(2,2,3) theta3=randn(1,3,4)
# inputs: x=randn(2,3,5,6) g=[[[[-1.0,-1.0],[1.0,1.0],[0.0,0.0],[-1.2,0.6],[0.2,-0.2],[1.0,-1.0],[3.0,2.5]]],[[[0.6,0.4],[-0.6,-0.4],[0.1,0.9],[-3.0,-2.0],[0.5,0.5],[-0.5,1.5],[1.1,0.0]]]] theta=randn(2,2,3) theta3=randn(1,3,4)
# opsets: 16 17
import torch
import torch.nn.functional as F
from torch import nn


class GridSample(nn.Module):
    def forward(self, x: torch.Tensor, g: torch.Tensor, theta: torch.Tensor, theta3: torch.Tensor):
        outs = []
        for mode in ["bilinear", "nearest", "bicubic"]:
            for pad in ["zeros", "border", "reflection"]:
                for align in [False, True]:
                    outs.append(F.grid_sample(x, g * 1.5, mode=mode, padding_mode=pad, align_corners=align))
        grid = F.affine_grid(theta, [2, 3, 4, 5], align_corners=False)
        outs.append(grid)
        outs.append(F.affine_grid(theta, [2, 3, 1, 3], align_corners=True))
        outs.append(F.affine_grid(theta3, [1, 2, 2, 3, 4], align_corners=False))
        outs.append(F.grid_sample(x, grid, align_corners=False))
        return tuple(outs)
