# F.unfold (im2col) as strided slices of the zero-padded input stacked and
# reshaped (static spatial sizes; strides need opset 10): kernel, dilation,
# padding and stride as ints and pairs, batched and unbatched input, and
# nn.Unfold.
# example: x=randn(2,3,7,8) u=randn(2,5,6)
# opsets: 10 17
import torch
import torch.nn.functional as F
from torch import nn


class Unfold(nn.Module):
    def __init__(self):
        super().__init__()
        self.unfold = nn.Unfold((2, 3), dilation=(1, 2), padding=1, stride=(2, 1))

    def forward(self, x: torch.Tensor, u: torch.Tensor):
        return (
            F.unfold(x, 3),
            F.unfold(x, (2, 3), padding=(1, 2), stride=2),
            F.unfold(x, 2, dilation=2, stride=(3, 2)),
            F.unfold(u, (5, 1)),
            self.unfold(x),
        )
