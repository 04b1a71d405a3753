# torch.nn.modules.instancenorm: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._layers import (
    _InstanceNorm, InstanceNorm1d, InstanceNorm2d, InstanceNorm3d,
)
