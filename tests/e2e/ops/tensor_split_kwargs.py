# torch.tensor_split's overloads: sections and indices by position or by
# keyword (torchvision's MViT: `indices=(1,)`), and a long tensor of
# sections (0-d) or indices (1-d) known at compile time.
# example: x=randn(2,7)
# opsets: 11 13 17
import torch
import torch.nn as nn


class TensorSplitKwargs(nn.Module):
    def forward(self, x):
        a, b = torch.tensor_split(x, indices=(1,), dim=1)
        c = torch.tensor_split(x, sections=3, dim=1)
        d = x.tensor_split(torch.tensor([1, 3]), 1)
        e = torch.tensor_split(x, tensor_indices_or_sections=torch.tensor(2), dim=1)
        f = torch.tensor_split(x, [2, 2, 9], 1)
        return a, b, c[0], c[1], c[2], d[0], d[1], d[2], e[0], e[1], f[1], f[3]

