# The forms for opsets 9 and 10: ceil-mode pooling without ONNX's
# ceil_mode (explicit end pads), max-pool indices without Mod, Pad and
# Clip with attributes, Slice with attributes (opset 9), Upsample (9) and
# Resize-10 for nearest upsampling by a scale factor, pixel_shuffle
# without DepthToSpace's CRD mode, the recurrent layers, LayerNorm and
# GroupNorm as arithmetic.
# tsc2onnx: --dynamic x:0=N --dynamic s:0=L --dynamic s:1=N
# example: x=randn(2,4,11,10) s=randn(5,2,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,4,11,10) s=randn(3,1,4)
# opsets: 9 10
import torch
import torch.nn as nn
import torch.nn.functional as F


class OldOpsets(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 8, 3, padding=1, padding_mode="circular")
        self.bn = nn.BatchNorm2d(8)
        self.pool = nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True)
        self.avg = nn.AvgPool2d(3, stride=2, padding=1, ceil_mode=True)
        self.up = nn.Upsample(scale_factor=2)
        self.ps = nn.PixelShuffle(2)
        self.ln = nn.LayerNorm(10)
        self.gn = nn.GroupNorm(2, 8)
        self.lstm = nn.LSTM(4, 3, bidirectional=True)
        self.gru = nn.GRU(4, 3, batch_first=True)

    def forward(self, x, s):
        y = F.relu6(self.bn(self.conv(x)))
        p, i = F.max_pool2d(x, 2, return_indices=True)
        out, (h, c) = self.lstm(s)
        g, gh = self.gru(s)
        return (y, self.pool(y), self.avg(y), p, i, self.up(x), self.ps(y), self.ln(x), self.gn(y),
                F.pad(x, (1, 2, 0, 1), value=0.5), F.pad(x, (2, 1, 1, 0), mode="reflect"), F.hardtanh(x, -0.3, 0.4),
                F.adaptive_avg_pool2d(x, (3, 4)), out, h, c, g, gh, F.glu(x, 1), F.elu(x), F.hardswish(x))
