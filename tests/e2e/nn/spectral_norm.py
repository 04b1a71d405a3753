# torch.nn.utils.spectral_norm in eval mode: Linear, Conv2d, ConvTranspose2d
# (dim 1 by default), two power iterations; weight_orig, weight_u and
# weight_v come from PyTorch's state_dict.  (A module whose spectral norm
# was removed again is not here: PyTorch 1.13's load_state_dict refuses its
# own state_dict of one, asking for weight_orig and weight_u.)
# tsc2onnx: --dynamic x:0=N --dynamic img:0=N
# example: x=randn(2,6) img=randn(2,3,5,5)
# inputs: x=randn(4,6) img=randn(1,3,5,5)
# opsets: 9 17
import torch
import torch.nn as nn
from torch.nn.utils import spectral_norm


class SpectralNormed(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = spectral_norm(nn.Linear(6, 4))
        self.conv = spectral_norm(nn.Conv2d(3, 4, 3), n_power_iterations=2)
        self.up = spectral_norm(nn.ConvTranspose2d(3, 2, 3))

    def forward(self, x, img):
        return self.fc(x), self.conv(img), self.up(img)
