# tsc2onnx: --example 'x=randn(2,3)' --example 'i=zeros(2,3):int64' --opset 15
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def __init__(self):
        super().__init__()
        pass

    def forward(self, x, i):
        return x.scatter_reduce(1, i, x, reduce='amax')
