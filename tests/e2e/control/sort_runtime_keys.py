# sorted() and list.sort() of a list of compile-time length by keys known
# only at run time (the scores of a beam search's hypotheses): TopK gives
# the permutation (ties keep the list's order, as Python's stable sort
# does), each item of the result is picked by its index; tuples are picked
# item by item, torch.tensor() of run-time floats stacks them.
# example: x=randn(3,4)
# inputs: x=ones(3,4)
# inputs: x=[[0,0,1,0],[2,0,0,0],[0,-3,0,0]]:float32
# compare: diverges
from typing import List, Tuple

import torch
from torch import nn


class SortRuntimeKeys(nn.Module):
    def forward(self, x):
        hyps: List[Tuple[torch.Tensor, float, int]] = []
        for i in range(x.size(0)):
            row = x[i]
            hyps.append((row * 2.0, float(row.max()), i))
        best = sorted(hyps, key=lambda h: h[1], reverse=True)
        scores = torch.tensor([h[1] for h in best])
        order = [h[2] for h in best]
        worst_first = [float(r.sum()) for r in x]
        worst_first.sort()
        return best[0][0], scores, torch.tensor(order), torch.tensor(worst_first)
