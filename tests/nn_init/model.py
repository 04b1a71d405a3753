# Parameters initialized by torch.nn.init and by the layers' defaults, for
# tests/nn_init.py, which compiles this file without --weights and checks
# the initializers' statistics.
import math

import torch
import torch.nn as nn


class Inits(nn.Module):
    def __init__(self):
        super().__init__()
        self.ku = nn.Parameter(torch.empty(256, 128))
        nn.init.kaiming_uniform_(self.ku, mode="fan_in", nonlinearity="relu")
        self.kn = nn.Parameter(torch.empty(128, 64, 3, 3))
        nn.init.kaiming_normal_(self.kn, mode="fan_out", nonlinearity="relu")
        self.xu = nn.Parameter(torch.empty(300, 200))
        nn.init.xavier_uniform_(self.xu, gain=nn.init.calculate_gain("tanh"))
        self.xn = nn.Parameter(torch.empty(300, 200))
        nn.init.xavier_normal_(self.xn)
        self.un = nn.Parameter(torch.empty(10000))
        nn.init.uniform_(self.un, -2.0, 3.0)
        self.no = nn.Parameter(torch.empty(10000))
        nn.init.normal_(self.no, 1.5, 0.25)
        self.co = nn.Parameter(torch.empty(7))
        nn.init.constant_(self.co, 0.3)
        self.ze = nn.Parameter(torch.empty(7))
        nn.init.zeros_(self.ze)
        self.on = nn.Parameter(torch.empty(7))
        nn.init.ones_(self.on)
        self.orth_wide = nn.Parameter(torch.empty(20, 50))
        nn.init.orthogonal_(self.orth_wide, gain=2.0)
        self.orth_tall = nn.Parameter(torch.empty(30, 4, 2, 2))
        nn.init.orthogonal_(self.orth_tall)
        self.tn = nn.Parameter(torch.empty(10000))
        nn.init.trunc_normal_(self.tn, mean=0.5, std=1.0, a=-0.5, b=1.0)
        self.linear = nn.Linear(400, 50)
        self.conv = nn.Conv2d(8, 16, 3)
        self.emb = nn.Embedding(100, 32, padding_idx=3)
        self.bn = nn.BatchNorm2d(16)
        self.lstm = nn.LSTM(16, 25)

    def forward(self, x):
        out = [x]
        for p in self.parameters():
            out.append(p * 1)
        return out
