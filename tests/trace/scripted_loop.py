# A @torch.jit.script function's loop stays a Loop in the trace, as
# torch.jit.trace keeps a scripted function's graph: no warning.
# tsc2onnx: --trace
# example: x=ones(2) y=3
import torch


@torch.jit.script
def loop(x, y):
    for i in range(int(y)):
        x = x + i
    return x


class ScriptedLoop(torch.nn.Module):
    def forward(self, x, y):
        return loop(x, y) * 2
