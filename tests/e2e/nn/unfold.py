# F.unfold and nn.Unfold (im2col): kernel sizes as int and pair, stride,
# dilation, padding, unbatched 3-D input, inf and NaN inputs (each value
# copied, never multiplied).
# example: x=randn(2,3,5,6)
# inputs: x=randn(2,3,5,6)
# opsets: 10 17
import torch
from torch import nn
import torch.nn.functional as F


class Unfold(nn.Module):
    def __init__(self):
        super().__init__()
        self.u = nn.Unfold((2, 3), dilation=(2, 1), padding=1, stride=(1, 2))

    def forward(self, x: torch.Tensor):
        y = x / (x.abs() > 0.3).float()
        return (
            F.unfold(x, 2), F.unfold(x, (3, 2), stride=2), F.unfold(x, 3, padding=(1, 2)),
            F.unfold(x, 2, dilation=2, stride=(2, 1)), F.unfold(x[0], 2), self.u(x), F.unfold(y, 3, padding=1), F.unfold(y - y, 2),
        )
