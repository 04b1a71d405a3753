# Bench self-test: three inputs joined by torch.cat, a constructor argument,
# a dynamic batch axis and input sets of several batch sizes.  The compare
# self-checks alter this case's first output, so keep the default tolerance.
# tsc2onnx: --arg hidden=8
# tsc2onnx: --dynamic a:0=N --dynamic b:0=N --dynamic c:0=N
# example: a=randn(2,3) b=randn(2,4) c=rand(2,5)
# inputs: a=randn(5,3) b=randn(5,4) c=rand(5,5)
# inputs: a=ones(1,3) b=zeros(1,4) c=arange(1,5):float32
import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self, hidden: int = 4):
        super().__init__()
        self.fc1 = nn.Linear(12, hidden)
        self.fc2 = nn.Linear(hidden, 2)

    def forward(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor):
        h = torch.cat([a, b, c], dim=1)
        h = torch.relu(self.fc1(h))
        return torch.tanh(self.fc2(h))
