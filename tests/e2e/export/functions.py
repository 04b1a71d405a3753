# Modules as ONNX local functions: the Blocks share one FunctionProto per
# configuration, each calling Linear and ReLU functions; the file must pass
# the checker at opset 15+ and match PyTorch in ONNX Runtime.
# tsc2onnx: --functions --dynamic x:0=N
# example: x=randn(3,6)
# inputs: x=randn(1,6)
# opsets: 15 17
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, width: int, scale: float = 0.5):
        super().__init__()
        self.fc = nn.Linear(width, width)
        self.act = nn.ReLU()
        self.scale = scale

    def forward(self, x):
        return self.act(self.fc(x)) * self.scale + x


class Blocks(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Block(6)
        self.b = Block(6)
        self.c = Block(6, scale=2.0)

    def forward(self, x):
        return torch.sigmoid(self.c(self.b(self.a(x))))
