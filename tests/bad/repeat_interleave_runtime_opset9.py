# tsc2onnx: --example 'x=randn(4,3)' --example 'r=[1,2,1]' --opset 9
# repeat_interleave with repeats known only at run time needs CumSum (opset 11).
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x, r):
        return x.repeat_interleave(r, dim=1)
