# torch.nn.utils.weight_norm on Linear (dim 0), Conv1d (dim 1), an LSTM's
# weight_hh_l0 (dim=None: one norm) and on a Linear whose weight norm is
# removed again (remove_weight_norm): the parameters weight_g and weight_v
# come from PyTorch's state_dict and the graph recomputes the weight;
# torch.norm_except_dim and torch._weight_norm themselves; a
# forward pre-hook and a forward hook of the model's own (annotated: called
# from forward, their parameters are typed as TorchScript types them).
# tsc2onnx: --dynamic x:0=N --dynamic s:0=N
# example: x=randn(2,6) s=randn(2,3,7)
# inputs: x=randn(5,6) s=randn(1,3,7)
# opsets: 9 17
from typing import Tuple

import torch
import torch.nn as nn
from torch.nn.utils import weight_norm, remove_weight_norm


def double_input(module: nn.Module, args: Tuple[torch.Tensor]):
    return args[0] * 2.0


def add_one(module: nn.Module, args: Tuple[torch.Tensor], output: torch.Tensor):
    return output + 1.0


class WeightNormed(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = weight_norm(nn.Linear(6, 4))
        self.conv = weight_norm(nn.Conv1d(3, 5, 3), dim=1)
        self.lstm = weight_norm(nn.LSTM(7, 4), name="weight_hh_l0", dim=None)
        self.removed = remove_weight_norm(weight_norm(nn.Linear(6, 3)))
        self.hooked = nn.Linear(6, 2)
        self.hooked.register_forward_pre_hook(double_input)
        self.hooked.register_forward_hook(add_one)
        # weight_g starts as the norms of the initial weight: make it differ
        with torch.no_grad():
            self.fc.weight_g.mul_(1.5)
            self.conv.weight_g.uniform_(0.5, 2.0)
            self.lstm.weight_hh_l0_g.fill_(3.0)

    def forward(self, x, s):
        norms = (torch.norm_except_dim(s, 2, 1), torch.norm_except_dim(x, 2, -1), torch.norm_except_dim(x[0], 2, 0),
                 torch._weight_norm(s, torch.norm_except_dim(s, 2, 2) * 0.5, 2))
        return (self.fc(x), self.conv(s), self.lstm(s)[0], self.removed(x), self.hooked(x)) + norms
