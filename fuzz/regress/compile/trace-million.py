# tsc2onnx: --example 'x=ones(2,3)' --example y=1000000 --trace
# A loop unrolled a million times in trace mode took 19 s and 4.4 GB; the
# unroll and memory limits now apply to the trace.
import torch
import torch.nn as nn


class LoopModel(nn.Module):
    def forward(self, x, y):
        for i in range(int(y)):
            x = x + i
        return x
