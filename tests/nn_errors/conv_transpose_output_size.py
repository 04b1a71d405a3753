# Error case: conv transpose output size.
# tsc2onnx: --input x:float32[N,3,5,5]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.ConvTranspose2d(3, 4, 3, stride=2)

    def forward(self, x):
        return self.up(x, output_size=[20, 20])
