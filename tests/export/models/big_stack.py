# A stack of large Linear layers, for models over protobuf's 2 GiB limit:
# with width 12288 and depth 4, 2.25 GiB of float32 weights, the largest
# tensor 576 MiB.  Built with --seed weights by tests/export-big.sh.
import torch.nn as nn


class BigStack(nn.Module):
    def __init__(self, width: int = 12288, depth: int = 4):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(width, width, bias=False) for _ in range(depth)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
