# torch.jit.is_tracing() is True while the model runs under --trace, as
# under torch.jit.trace, and torch.jit.is_scripting() is False: the traced
# graph multiplies (Mul), where the script graph of the same file adds.
# torch.jit._script_if_tracing scripts its function in a trace, so its
# loop stays a Loop.
# tsc2onnx: --trace
# example: x=ones(2) y=3
import torch


@torch.jit._script_if_tracing
def repeat_add(x, y):
    for i in range(int(y)):
        x = x + 1.0
    return x


class IsTracing(torch.nn.Module):
    def forward(self, x, y):
        if torch.jit.is_scripting():
            x = x - 100.0
        if torch.jit.is_tracing() and torch._C._get_tracing_state() is not None:
            x = x * 2.0
        else:
            x = x + 2.0
        return repeat_add(x, y)
