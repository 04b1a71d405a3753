# torch.nn.modules.pixelshuffle: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._conv_layers import (
    PixelShuffle, PixelUnshuffle,
)
