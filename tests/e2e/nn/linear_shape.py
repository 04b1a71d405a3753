# nn.Linear and F.linear on 2-D, 3-D and 1-D inputs (broadcast over the
# leading axes), without bias and in float64; Flatten, Unflatten,
# Identity; softmax, log_softmax and softmin over several dims (the
# Softmax axis semantics change at opset 13), Softmax2d; PReLU with one
# and with per-channel slopes on 2-D to 4-D inputs; GLU on each axis.
# tsc2onnx: --dynamic x:0=N --dynamic y:0=N --dynamic img:0=N
# example: x=randn(2,6) y=randn(2,3,6) v=randn(6) d=randn(3,6):float64 img=randn(2,4,3,5)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(5,6) y=randn(1,3,6) v=randn(6) d=randn(3,6):float64 img=randn(1,4,3,5)
# opsets: 11 13 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class LinearShape(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 4)
        self.fc_nobias = nn.Linear(6, 3, bias=False)
        self.fc64 = nn.Linear(6, 2, dtype=torch.float64)
        self.flat = nn.Flatten()
        self.flat_mid = nn.Flatten(1, 2)
        self.unflat = nn.Unflatten(1, (2, 3))
        self.ident = nn.Identity(7, some_arg=True)
        self.prelu = nn.PReLU()
        self.prelu_c = nn.PReLU(4, init=0.1)
        self.glu = nn.GLU()
        self.sm = nn.Softmax(dim=1)
        self.lsm = nn.LogSoftmax(dim=-1)
        self.smin = nn.Softmin(0)
        self.sm2d = nn.Softmax2d()

    def forward(self, x, y, v, d, img):
        return (self.fc(x), self.fc(y), self.fc(v), self.fc_nobias(y), self.fc64(d),
                F.linear(y, self.fc.weight), F.linear(x, self.fc_nobias.weight),
                self.flat(img), self.flat_mid(img), self.unflat(x), self.ident(x),
                self.prelu(img), self.prelu_c(img),
                self.prelu(y), self.glu(x), F.glu(img, 1), F.glu(img, -3),
                self.sm(y), self.lsm(y), self.smin(y), self.sm2d(img), F.softmax(img, dim=1),
                F.log_softmax(img, 2), F.softmin(x, dim=1, dtype=torch.float64))
