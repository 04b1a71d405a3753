# F.pad by amounts known only at run time (computed from a dynamic size):
# constant (also negative: a cut), reflect and replicate; the pads input of
# ONNX Pad is computed in the graph.  Complex tensors pad both parts in
# every mode, a constant filling the real part.
# tsc2onnx: --dynamic a:2=L
# example: a=randn(2,3,7)
# inputs: a=randn(2,3,9)
# inputs: a=randn(2,3,4)
import math
import torch
import torch.nn.functional as F
from torch import nn


class PadRuntime(nn.Module):
    def forward(self, a: torch.Tensor):
        length = int(a.shape[-1])
        n = math.ceil(length / 3)
        extra = n * 3 - length
        z = torch.complex(a, a * 2.0)
        r = torch.view_as_real
        return (
            F.pad(a, [0, extra + 1]),
            F.pad(a, [1, 2 - extra], value=1.5),
            F.pad(a, [-1, extra]),
            F.pad(a, [extra, 1], mode="reflect"),
            F.pad(a, [2, extra], mode="replicate"),
            r(F.pad(z, [1, 2], value=3.0)),
            r(F.pad(z, [2, 1], mode="reflect")),
            r(F.pad(z, [1, 1, 0, 1], mode="replicate")),
            r(F.pad(z, [1, 2], mode="circular")),
        )
