# An MLP over three inputs joined with torch.cat: the first model that goes
# all the way from source to ONNX Runtime.
#
# tsc2onnx: --dynamic a:0=N --dynamic b:0=N --dynamic c:0=N
# example: a=randn(2,4) b=randn(2,3) c=randn(2,5)
# inputs: a=randn(5,4) b=randn(5,3) c=randn(5,5)
# inputs: a=randn(1,4) b=randn(1,3) c=randn(1,5)
# opsets: 9 13 17 21
import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, hidden: int = 16, classes: int = 3):
        super().__init__()
        self.fc1 = nn.Linear(4 + 3 + 5, hidden)
        self.act1 = nn.ReLU()
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, classes)

    def forward(self, a, b, c):
        x = torch.cat([a, b, c], dim=1)
        x = self.act1(self.fc1(x))
        x = torch.sigmoid(self.fc2(x)) * 2 - 1
        return torch.softmax(self.fc3(x), dim=-1)


# The test bench also runs this model with these option sets:
# variants: --trace --no-params | --trace --keep-initializers-as-inputs | --opset 7 | --trace --opset 8
# variants: --no-params --keep-initializers-as-inputs | --no-optimize | --no-fold
