# Transposed convolutions: ConvTranspose1d/2d/3d with stride, padding,
# output_padding, groups, dilation, output_size, and F.conv_transpose2d.
# tsc2onnx: --dynamic x1:0=N --dynamic x2:0=N --dynamic x3:0=N
# example: x1=randn(2,4,7) x2=randn(2,4,5,6) x3=randn(2,2,3,4,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x1=randn(1,4,7) x2=randn(3,4,5,6) x3=randn(1,2,3,4,3)
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class Deconvs(nn.Module):
    def __init__(self):
        super().__init__()
        self.t1 = nn.ConvTranspose1d(4, 3, 3, stride=2, padding=1, output_padding=1)
        self.t2 = nn.ConvTranspose2d(4, 6, (3, 4), stride=(2, 3), padding=(1, 2), groups=2, dilation=(1, 2))
        self.t2_nobias = nn.ConvTranspose2d(4, 2, 4, stride=2, padding=1, bias=False)
        self.t3 = nn.ConvTranspose3d(2, 3, 2, stride=2)
        self.w = nn.Parameter(nn.init.normal_(torch.empty(4, 3, 3, 3)))

    def forward(self, x1, x2, x3):
        return (self.t1(x1), self.t2(x2), self.t2_nobias(x2), self.t3(x3),
                self.t2_nobias(x2, output_size=[11, 13]),
                F.conv_transpose2d(x2, self.w, None, 2, 1, 1))
