# tsc2onnx: --input x:float32[1,3,8,8]
# Limits of the exporter do not stop the compile: both are reported in one
# run, and the one inside a run-time branch is reported rather than the
# branch dropped (as a raise in a branch would be).
import torch
import torch.nn.functional as F
from torch import nn


class M(nn.Module):
    def forward(self, x):
        a = F.interpolate(x, size=(4, 4), mode="bilinear", antialias=True)
        if x.sum() > 0:
            b = F.rrelu(x, training=True)
        else:
            b = x
        return a, b
