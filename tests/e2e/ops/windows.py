# torch.hann_window, hamming_window and blackman_window: ONNX HannWindow and
# BlackmanWindow from opset 17, Range and Cos before (and always for
# hamming, whose ONNX coefficients differ from PyTorch's 0.54 and 0.46);
# periodic and symmetric, lengths 0, 1, 2 and more, float64, custom
# alpha and beta, and a window scaling an input.
# example: x=randn(3,8)
# opsets: 11 17
import torch
from torch import nn


class Windows(nn.Module):
    def forward(self, x: torch.Tensor):
        outs = []
        for n in [0, 1, 2, 5, 8]:
            for periodic in [True, False]:
                outs.append(torch.hann_window(n, periodic))
                outs.append(torch.hamming_window(n, periodic=periodic))
                outs.append(torch.blackman_window(n, periodic=periodic))
        outs.append(torch.hann_window(7, dtype=torch.float64))
        outs.append(torch.hamming_window(6, False, 0.5, 0.4))
        outs.append(x * torch.hann_window(8))
        return tuple(outs)
