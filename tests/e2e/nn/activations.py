# The activation modules and functions on float32 and float64 inputs, with
# the forms that change by opset: Celu (12), HardSwish (14), Mish (18),
# Gelu (20), and the decompositions before them.
# tsc2onnx: --dynamic x:0=N --dynamic d:0=N
# example: x=randn(3,4,5) d=randn(2,6):float64
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(1,4,5) d=randn(5,6):float64
# opsets: 11 13 15 17 18 20
import torch
import torch.nn as nn
import torch.nn.functional as F


class Activations(nn.Module):
    def __init__(self):
        super().__init__()
        self.mods = nn.ModuleList([
            nn.ReLU(), nn.ReLU6(), nn.Hardtanh(-0.5, 0.75), nn.ELU(alpha=0.7), nn.SELU(), nn.CELU(1.3),
            nn.GELU(), nn.GELU(approximate="tanh"), nn.SiLU(), nn.Mish(), nn.Hardswish(), nn.Hardsigmoid(),
            nn.LeakyReLU(0.2), nn.Softplus(), nn.Softplus(beta=2, threshold=1), nn.Softsign(),
            nn.Tanhshrink(), nn.Softshrink(0.3), nn.Hardshrink(0.4), nn.Threshold(0.1, 20),
            nn.LogSigmoid(), nn.Sigmoid(), nn.Tanh(), nn.RReLU(),
        ])

    def forward(self, x, d):
        out = [m(x * 3) for m in self.mods]
        # float64 keeps its type through every activation
        out += [F.elu(d), F.gelu(d, approximate="tanh"), F.silu(d), F.mish(d), F.hardswish(d), F.logsigmoid(d * 10),
                F.softplus(d, beta=3), F.leaky_relu(d, 0.1), F.threshold(d, 0, -1), F.relu6(d * 4),
                F.hardtanh(d, -2, 2), F.celu(d, 0.5), F.selu(d)]
        return out
