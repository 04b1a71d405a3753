# torch.nn.modules.dropout: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._layers import (
    _DropoutNd, Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout,
    FeatureAlphaDropout,
)
