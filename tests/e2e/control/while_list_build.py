# A while loop with a data-dependent trip count that builds a list; the
# list is then stacked and measured.
# example: x=rand(3) limit=20.0
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=rand(3) limit=1.0
# inputs: x=ones(3) limit=60.0
# inputs: x=rand(3) limit=400.0
# compare: diverges
import torch
from torch import nn
from _ctl import total1


class WhileListBuild(nn.Module):
    def forward(self, x, limit: float):
        seen = [x]
        while total1(x) < limit:
            x = x * 2 + 0.5
            seen.append(x)
        return torch.stack(seen), len(seen)
