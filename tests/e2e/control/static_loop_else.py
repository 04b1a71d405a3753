# A loop over a ModuleList (unrolled) that may break under a run-time
# condition, with an else block that runs only when it did not break; and
# a long compile-time range with a run-time break (each remaining
# iteration under its own If, not nested).
# tsc2onnx: --dynamic x:0=N
# example: x=randn(2,4) limit=1.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,4) limit=-100.0
# inputs: x=randn(1,4) limit=100.0
# inputs: x=randn(4,4) limit=0.0
# compare: diverges
import torch
from torch import nn
from _ctl import total


class StaticLoopElse(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x, limit: float):
        for layer in self.layers:
            x = torch.tanh(layer(x))
            if total(x) > limit:
                break
        else:
            x = x * 100
        steps = 0
        for i in range(40):
            if total(x) > 50 * limit + 200:
                break
            x = x + 0.25
            steps += 1
        return x, steps
