# torch.nn.modules.pooling: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._conv_layers import (
    _MaxPoolNd, MaxPool1d, MaxPool2d, MaxPool3d, AvgPool1d, AvgPool2d, AvgPool3d,
    AdaptiveMaxPool1d, AdaptiveMaxPool2d, AdaptiveMaxPool3d, AdaptiveAvgPool1d,
    AdaptiveAvgPool2d, AdaptiveAvgPool3d,
)
