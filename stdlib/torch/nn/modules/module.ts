# torch.nn.modules.module: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn import (
    Module, _addindent,
)
