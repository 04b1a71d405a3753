# tsc2onnx: --example 'x=randn(4,3)'
# Tensor.repeat_interleave needs its repeats: the repeats-only form is
# torch.repeat_interleave(r), with no method (PyTorch's TypeError).
import torch
import torch.nn as nn


class M(nn.Module):
    def forward(self, x):
        return x.long().repeat_interleave()
