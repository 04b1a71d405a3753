# Error case: a parametrization that changes the tensor's shape.
# tsc2onnx: --input x:float32[2,4]
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P


class Transposed(nn.Module):
    def forward(self, X):
        return X.t()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = P.register_parametrization(nn.Linear(4, 3), "weight", Transposed())

    def forward(self, x):
        return self.fc(x)
