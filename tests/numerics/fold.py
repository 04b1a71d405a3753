# Constant folding (opt/fold.c, through the evaluator) must give what ONNX
# Runtime computes for the same nodes: tests/numerics.py compiles this with
# and without --no-fold, runs both in ONNX Runtime and compares the outputs
# (signed zeros included; NaN as NaN, whatever its sign bit).  Every output
# but the first is computed from constants only, so folding replaces it.
import torch
import torch.nn as nn


class Folded(nn.Module):
    def forward(self, x):
        a = torch.tensor([1.0, -1.0, 0.0, -0.0, 2.0, -3.5])
        b = torch.tensor([0.0, 0.0, 0.0, 1.0, float('inf'), float('-inf')])
        i = torch.tensor([4611686018427387904, -9223372036854775807 - 1, 7, 9223372036854775807])
        j = torch.tensor([4, -1, -2, 2])
        k = torch.tensor([2147483647, -2147483648], dtype=torch.int32)
        return (x + 0, a / b, a * -0.0, b - b, torch.sqrt(a), torch.exp(b * 1000.0), torch.log(a),
                torch.maximum(a, b / b), torch.floor(-a * 0.0), i * j, i + i, k + k, -k,
                torch.clamp(b, -1.0, 1.0), torch.sign(a * -0.0), torch.round(a * 0.5),
                torch.softmax(b, 0), (a / b).to(torch.int32))
