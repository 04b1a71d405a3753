# Convolutions followed by batch normalization, folded by opt/fuse.c into
# one convolution: with and without bias, grouped, transposed (grouped
# too), and a convolution whose output is also read elsewhere (not folded).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,4,9,9)
# inputs: x=randn(1,4,9,9)
# opsets: 9 13 17
import torch
import torch.nn as nn


class ConvBN(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(4, 8, 3, padding=1)
        self.b1 = nn.BatchNorm2d(8)
        self.c2 = nn.Conv2d(8, 8, 3, groups=4, bias=False)
        self.b2 = nn.BatchNorm2d(8, eps=1e-3)
        self.t3 = nn.ConvTranspose2d(8, 6, 3, stride=2, groups=2)
        self.b3 = nn.BatchNorm2d(6)
        self.c4 = nn.Conv2d(6, 6, 1)
        self.b4 = nn.BatchNorm2d(6)
        for bn in (self.b1, self.b2, self.b3, self.b4):
            bn.running_mean.uniform_(-1, 1)
            bn.running_var.uniform_(0.5, 2)
            bn.weight.data.uniform_(0.5, 1.5)
            bn.bias.data.uniform_(-0.5, 0.5)

    def forward(self, x):
        y = torch.relu(self.b1(self.c1(x)))
        y = self.b2(self.c2(y))
        y = self.b3(self.t3(y))
        z = self.c4(y)
        return self.b4(z) + z
