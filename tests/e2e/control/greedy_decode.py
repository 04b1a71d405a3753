# Greedy generation: an embedding, a recurrent cell and an output layer run
# for at most max_len steps; each step's token is appended to a list, and
# the loop stops early when the model emits the end token (a data-dependent
# break after the append).
# example: h=randn(1,8) max_len=6 eos=3
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: h=randn(1,8) max_len=0 eos=3
# inputs: h=randn(1,8) max_len=20 eos=7
# inputs: h=zeros(1,8) max_len=4 eos=0
# compare: diverges
import torch
from torch import nn


class GreedyDecode(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 8)
        self.cell = nn.Linear(16, 8)
        self.out = nn.Linear(8, 10)

    def forward(self, h, max_len: int, eos: int):
        tok = torch.zeros(1, dtype=torch.long)
        outs = [tok]
        for step in range(max_len):
            e = self.emb(tok)
            h = torch.tanh(self.cell(torch.cat([e, h], 1)))
            tok = self.out(h).argmax(1)
            outs.append(tok)
            if tok.item() == eos:
                break
        return torch.cat(outs), h
