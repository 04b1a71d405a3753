# torch.nn.modules.batchnorm: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._layers import (
    _NormBase, _BatchNorm, BatchNorm1d, BatchNorm2d, BatchNorm3d,
)
