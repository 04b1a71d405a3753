# Error case: register_parametrization on a name the module does not have.
# tsc2onnx: --input x:float32[2,4]
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P


class Double(nn.Module):
    def forward(self, X):
        return X * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = P.register_parametrization(nn.Linear(4, 3), "scale", Double())

    def forward(self, x):
        return self.fc(x)
