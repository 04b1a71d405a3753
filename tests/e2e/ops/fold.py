# F.fold (col2im) as ONNX Col2Im (opset 18): overlapping blocks summed,
# dilation, padding and stride, batched and unbatched input, nn.Fold, and
# fold(unfold(x)) (each pixel times the number of blocks covering it).
# example: c=randn(2,12,20) d=randn(6,9) x=randn(1,2,5,6)
# opsets: 18
import torch
import torch.nn.functional as F
from torch import nn


class Fold(nn.Module):
    def __init__(self):
        super().__init__()
        self.fold = nn.Fold((6, 5), (2, 3), stride=1, padding=(0, 1), dilation=(2, 1))

    def forward(self, c: torch.Tensor, d: torch.Tensor, x: torch.Tensor):
        return (
            F.fold(c, (5, 6), 2),
            F.fold(c, [4, 10], (3, 2), padding=(1, 0), stride=(1, 2)),
            F.fold(d, (5, 6), (3, 2), stride=(1, 2), dilation=(1, 1)),
            F.fold(F.unfold(x, 2), (5, 6), 2),
            self.fold(c[:, :6]),
        )
