# The valid model the command-line cases of tests/bad/ compile (as model.py).
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, hidden: int = 4):
        super().__init__()
        self.fc = nn.Linear(3, hidden)

    def forward(self, x):
        return torch.relu(self.fc(x))
