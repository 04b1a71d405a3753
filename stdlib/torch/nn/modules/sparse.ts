# torch.nn.modules.sparse: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._layers import (
    Embedding,
)
