# torch.nn.modules.container: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn import (
    Container, Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict,
)
