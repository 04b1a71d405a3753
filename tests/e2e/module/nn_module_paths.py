# PyTorch's own module paths for torch.nn's classes name the same objects
# (so isinstance and identity hold): torch.nn.modules.* as model code
# imports them (torchvision's ops import _pair from torch.nn.modules.utils,
# torchaudio subclasses torch.nn.modules.conv classes), torch.nn.parameter,
# and the aliases of torch.nn.common_types in annotations.
# example: x=randn(1,3,6,6)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,3,6,6)
# tsc2onnx: --dynamic x:0=N
import torch
import torch.nn as nn
import torch.nn.modules.activation
from torch import Tensor
from torch.nn.common_types import _size_2_t
from torch.nn.modules.batchnorm import _BatchNorm
from torch.nn.modules.container import ModuleList, Sequential
from torch.nn.modules.conv import Conv2d, _ConvNd
from torch.nn.modules.instancenorm import InstanceNorm2d
from torch.nn.modules.linear import Identity
from torch.nn.modules.module import Module
from torch.nn.modules.pooling import AdaptiveAvgPool2d
from torch.nn.modules.utils import _pair, _quadruple, _reverse_repeat_tuple
from torch.nn.parameter import Parameter


class PaddedConv(Conv2d):
    """A subclass of the class PyTorch defines in torch.nn.modules.conv."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: _size_2_t):
        super().__init__(in_channels, out_channels, kernel_size, padding=_pair(1))

    def forward(self, input: Tensor) -> Tensor:
        return super().forward(input) + 1.0


class NnModulePaths(Module):
    def __init__(self):
        super().__init__()
        self.conv = PaddedConv(3, 4, 3)
        self.norm = InstanceNorm2d(4, affine=True)
        self.bn = nn.BatchNorm2d(4)
        self.act = torch.nn.modules.activation.ReLU()
        self.blocks = ModuleList([Sequential(Identity(), AdaptiveAvgPool2d(2))])
        self.gain = Parameter(torch.ones(4, 1, 1))
        same = [
            nn.modules.conv.Conv2d is nn.Conv2d,
            torch.nn.modules.InstanceNorm2d is nn.InstanceNorm2d,
            isinstance(self.conv, nn.Conv2d) and isinstance(self.conv, _ConvNd),
            isinstance(self.bn, _BatchNorm),
            isinstance(self.gain, nn.Parameter),
            issubclass(nn.Linear, Module),
            nn.modules.module.Module is nn.Module,
        ]
        self.flags = float(sum(1 for s in same if s))
        self.pads = _quadruple(1) + _reverse_repeat_tuple(_pair(2), 2)

    def forward(self, x):
        y = self.act(self.bn(self.norm(self.conv(x)))) * self.gain
        y = torch.nn.functional.pad(y, self.pads[:4])
        for block in self.blocks:
            y = block(y)
        return y + self.flags + float(sum(self.pads))
