# tsc2onnx: --example 'x=randn(4,2)'
# view_as_complex: there is no complex element type; view_as_real raises PyTorch's error (no tensor is complex).
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        y = torch.view_as_complex(x)
        return torch.view_as_real(x)
