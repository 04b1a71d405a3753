# torch.conv_tbc (time-batch-channel convolution, pad 0 and 2), beside
# torch.hann_window (periodic and symmetric, lengths 0 to 8, float64).
# tsc2onnx: --dynamic x:0=T --dynamic x:1=B
# example: x=randn(6,2,3)
# inputs: x=randn(5,4,3)
# opsets: 9 17
import torch
from torch import nn


class ConvTbc(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3, 3, 4))
        self.b = nn.Parameter(torch.randn(4))

    def forward(self, x: torch.Tensor):
        return (
            torch.hann_window(0), torch.hann_window(1), torch.hann_window(2), torch.hann_window(8),
            torch.hann_window(7, periodic=False), torch.hann_window(5, False, dtype=torch.float64),
            torch.hann_window(1, periodic=False), x * torch.hann_window(3),
            torch.conv_tbc(x, self.w, self.b), torch.conv_tbc(x, self.w, self.b, 2), torch.conv_tbc(x, self.w[:1], self.b, pad=1),
        )
