# torch.nn.modules.padding: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._conv_layers import (
    ConstantPad1d, ConstantPad2d, ConstantPad3d, ReflectionPad1d, ReflectionPad2d,
    ReflectionPad3d, ReplicationPad1d, ReplicationPad2d, ReplicationPad3d,
    ZeroPad1d, ZeroPad2d, ZeroPad3d, CircularPad1d, CircularPad2d, CircularPad3d,
)
