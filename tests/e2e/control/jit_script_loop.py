# The PyTorch documentation's scripted loop: a @torch.jit.script function
# with a run-time trip count, called from forward().
# example: x=ones(2,3) y=9
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=ones(2,3) y=0
# inputs: x=randn(2,3) y=1
# inputs: x=randn(2,3) y=100
# compare: agrees
import torch


@torch.jit.script
def loop(x, y):
    for i in range(int(y)):
        x = x + i
    return x


class LoopModel2(torch.nn.Module):
    def forward(self, x, y):
        return loop(x, y)
