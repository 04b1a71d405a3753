# numpy in __init__ (torchvision's MaxViT builds its stochastic-depth
# schedule with `np.linspace(0, p, n).tolist()`): the numbers of a
# schedule, compared through the module they configure.
# example: x=randn(2,5)
# opsets: 11 17
import numpy as np
import torch
import torch.nn as nn


class NumpySchedule(nn.Module):
    def __init__(self):
        super().__init__()
        self.rates = np.linspace(0, 0.3, 5).tolist()
        self.open = np.linspace(1.0, 2.0, 4, endpoint=False).tolist()
        self.steps = [float(v) for v in np.arange(0.5, 3.0, 0.5)]
        self.total = float(np.prod([2, 3])) + np.sqrt(4.0) + np.pi

    def forward(self, x):
        r = torch.tensor(self.rates)
        return x * r + torch.tensor(self.open).sum() + sum(self.steps) + self.total
