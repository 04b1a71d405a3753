# Convolutions: Conv1d/2d/3d with stride, dilation, groups, padding
# ('same', 'valid', ints, tuples), padding_mode (reflect, replicate,
# circular), no bias, unbatched inputs, and F.conv* directly.
# tsc2onnx: --dynamic x1:0=N --dynamic x2:0=N --dynamic x3:0=N
# example: x1=randn(2,4,17) x2=randn(2,4,11,9) x3=randn(2,2,6,7,5) u=randn(4,10,8)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x1=randn(1,4,17) x2=randn(3,4,11,9) x3=randn(1,2,6,7,5) u=randn(4,10,8)
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class Convs(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv1d(4, 6, 3, stride=2, padding=1)
        self.c1_same = nn.Conv1d(4, 4, 4, padding="same", dilation=2, groups=4, bias=False)
        self.c1_circ = nn.Conv1d(4, 2, 5, padding=2, padding_mode="circular")
        self.c2 = nn.Conv2d(4, 8, (3, 2), stride=(2, 1), padding=(1, 0), dilation=(1, 2), groups=2)
        self.c2_valid = nn.Conv2d(4, 3, 3, padding="valid")
        self.c2_reflect = nn.Conv2d(4, 5, 3, padding=1, padding_mode="reflect")
        self.c2_replicate = nn.Conv2d(4, 5, (3, 5), padding=(2, 1), padding_mode="replicate", bias=False)
        self.c2_same_reflect = nn.Conv2d(4, 2, (4, 3), padding="same", padding_mode="reflect")
        self.c3 = nn.Conv3d(2, 4, 3, stride=(1, 2, 1), padding=(1, 0, 1))
        self.c3_same = nn.Conv3d(2, 2, (2, 3, 3), padding="same")
        self.w = nn.Parameter(nn.init.normal_(torch.empty(6, 2, 3, 3)))

    def forward(self, x1, x2, x3, u):
        return (self.c1(x1), self.c1_same(x1), self.c1_circ(x1),
                self.c2(x2), self.c2_valid(x2), self.c2_reflect(x2), self.c2_replicate(x2),
                self.c2_same_reflect(x2), self.c3(x3), self.c3_same(x3),
                self.c2_valid(u),
                F.conv2d(x2, self.w, None, 1, 1, 1, 2),
                F.conv2d(x2, self.w, stride=(1, 2), padding=(0, 2), dilation=(2, 1), groups=2))
