# torch.nn.modules.conv: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._conv_layers import (
    _ConvNd, Conv1d, Conv2d, Conv3d, _ConvTransposeNd, ConvTranspose1d,
    ConvTranspose2d, ConvTranspose3d,
)
