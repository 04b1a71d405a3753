# Dropout: identity in eval mode (nn.Dropout, Dropout1d/2d/3d, AlphaDropout,
# FeatureAlphaDropout, F.dropout with training=False), and a fresh random
# mask in training mode (F.dropout, F.dropout2d with training=True; ONNX
# Dropout from opset 12, RandomUniformLike before).  The training outputs
# are statistics: the fraction of zeros (about p) and the largest error
# of the kept elements against x / (1 - p), and for dropout2d whether
# whole channels are dropped together; the sizes keep PyTorch's and ONNX
# Runtime's fractions within the tolerance by over 6 standard deviations.
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,3,8) big=randn(100000) chans=randn(4,20000,1,2)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# opsets: 11 13 17
# tolerance: rtol=0 atol=0.02
import torch
import torch.nn as nn
import torch.nn.functional as F


def mean_all(t):
    return F.adaptive_avg_pool1d(t.reshape(1, 1, -1), 1).reshape(1)


def max_all(t):
    return F.adaptive_max_pool1d(t.reshape(1, 1, -1), 1).reshape(1)


class Dropouts(nn.Module):
    def __init__(self):
        super().__init__()
        self.eval_mods = nn.ModuleList([nn.Dropout(0.4), nn.Dropout1d(), nn.Dropout2d(0.2), nn.Dropout3d(),
                                        nn.AlphaDropout(0.3), nn.FeatureAlphaDropout(0.1)])

    def forward(self, x, big, chans):
        out = [m(x) for m in self.eval_mods] + [F.dropout(x, 0.5, training=False), F.dropout2d(x, 0.7, False)]
        p = 0.3
        y = F.dropout(big, p, training=True)
        zero = (y == 0).float()
        out.append(mean_all(zero))
        out.append(max_all((y * (1 - p) - big * (1 - zero)).abs()) * 1000)
        q = 0.6
        z = F.dropout2d(chans, q, training=True)
        zc = (z == 0).float()
        per_channel = F.adaptive_avg_pool2d(zc, 1)
        out.append(mean_all(per_channel))
        out.append(max_all(per_channel * (1 - per_channel)))
        out.append(max_all((z * (1 - q) - chans * (1 - zc)).abs()) * 1000)
        out.append(mean_all(F.dropout(big, 1.0, training=True).abs()))
        return out
