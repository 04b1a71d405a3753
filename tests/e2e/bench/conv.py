# Bench self-test: a small conv net built by a function (--entry), with
# batch-norm statistics (float and int64 buffers in the weights file).
# tsc2onnx: --entry build --arg channels=4
# example: img=randn(2,3,16,16)
# inputs: img=rand(2,3,16,16)
# tolerance: rtol=1e-3 atol=1e-5
import torch
from torch import nn


class ConvNet(nn.Module):
    def __init__(self, channels: int, classes: int = 5):
        super().__init__()
        self.conv1 = nn.Conv2d(3, channels, 3, padding=1)
        self.bn = nn.BatchNorm2d(channels)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(channels, channels * 2, 3, stride=2)
        self.head = nn.Linear(channels * 2, classes)

    def forward(self, img: torch.Tensor):
        h = self.pool(torch.relu(self.bn(self.conv1(img))))
        h = torch.relu(self.conv2(h))
        h = h.mean(dim=(2, 3))
        return torch.softmax(self.head(h), dim=1)


def build(channels: int) -> ConvNet:
    net = ConvNet(channels)
    # Statistics other than 0 and 1, so that a compiler ignoring them fails.
    with torch.no_grad():
        net.bn.running_mean.uniform_(-0.5, 0.5)
        net.bn.running_var.uniform_(0.5, 2.0)
    return net
