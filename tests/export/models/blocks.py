# Modules as ONNX local functions: two Blocks of the same configuration
# share one function, a third of another width gets its own; each Block
# calls a Linear and a ReLU (functions within functions).
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, width: int, scale: float = 0.5):
        super().__init__()
        self.width = width
        self.scale = scale
        self.fc = nn.Linear(width, width)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.fc(x)) * self.scale + x


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = Block(6)
        self.second = Block(6)
        self.widen = nn.Linear(6, 10)
        self.third = Block(10, scale=2.0)
        self.out = nn.Identity()

    def forward(self, x):
        y = self.second(self.first(x))
        return self.out(self.third(self.widen(y))), y
