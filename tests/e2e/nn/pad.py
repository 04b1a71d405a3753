# Padding: F.pad in every mode (constant with a value, negative padding
# that crops, reflect, replicate, circular) on 3-D, 4-D and 5-D inputs,
# on an int64 tensor, and the padding modules.
# tsc2onnx: --dynamic x3:0=N --dynamic x4:0=N --dynamic x5:0=N --dynamic k:0=N
# example: x3=randn(2,3,6) x4=randn(2,3,5,6) x5=randn(2,2,4,3,5) k=rand(2,4):int64
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x3=randn(1,3,6) x4=randn(1,3,5,6) x5=randn(1,2,4,3,5) k=rand(1,4):int64
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class Pads(nn.Module):
    def __init__(self):
        super().__init__()
        self.mods = nn.ModuleList([
            nn.ReflectionPad1d(2), nn.ReplicationPad1d((1, 3)), nn.ConstantPad1d((2, 1), 0.5),
        ])
        self.mods2 = nn.ModuleList([
            nn.ReflectionPad2d((1, 2, 3, 0)), nn.ReplicationPad2d(2), nn.ZeroPad2d((1, 1, 2, 0)),
            nn.ConstantPad2d(1, -2.0),
        ])
        self.mods3 = nn.ModuleList([nn.ReflectionPad3d(1), nn.ReplicationPad3d((1, 0, 2, 1, 0, 2)),
                                    nn.ConstantPad3d((1, 2, 0, 1, 1, 0), 3.5)])

    def forward(self, x3, x4, x5, k):
        out = [m(x3) for m in self.mods] + [m(x4) for m in self.mods2] + [m(x5) for m in self.mods3]
        out += [F.pad(x4, (1, 2)), F.pad(x4, (1, 1, 2, 2), value=7), F.pad(x4, (-1, 2, 0, -2)),
                F.pad(x4, (0, 0, 1, 1, 1, 0)), F.pad(x3, (2, 3), mode="circular"),
                F.pad(x4, (1, 2, 3, 1), mode="circular"), F.pad(x5, (1, 0, 0, 2, 1, 1), mode="circular"),
                F.pad(x4, (2, 2, 1, 1), mode="reflect"), F.pad(x5, (1, 1, 1, 1, 1, 1), mode="replicate"),
                F.pad(k, (1, 2), value=9)]
        return out
