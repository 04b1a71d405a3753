# Run-time control flow inside modules exported as local functions: each
# Repeat applies its Linear n times (a Loop whose body calls the Linear
# function) and doubles the result when n > 2 (an If).
import torch
import torch.nn as nn


class Repeat(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, n: int):
        for i in range(n):
            x = torch.relu(self.fc(x)) + x
        if n > 2:
            x = x * 2
        return x


class Top(nn.Module):
    def __init__(self):
        super().__init__()
        self.r1 = Repeat()
        self.r2 = Repeat()

    def forward(self, x, n: int):
        return self.r2(self.r1(x, n), n)
