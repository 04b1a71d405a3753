# torch.nn.modules.linear: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn import (
    Identity, Linear,
)
from torch.nn._transformer import NonDynamicallyQuantizableLinear
