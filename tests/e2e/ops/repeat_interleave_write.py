# repeat_interleave returns a new tensor, not a view of its input: writing
# into the result (in place, by index, once per repeat) leaves the input as
# it was, as torchvision's MViT does with its position embedding
# (repeat_interleave, then add_); repeats of 1 and 2, an int and a tensor.
# example: x=randn(3,4) y=randn(2,5)
# opsets: 11 17
import torch
from torch import nn


class RepeatWrite(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        a = torch.repeat_interleave(x, 2, dim=0)
        a.add_(torch.ones(6, 4))
        b = x.repeat_interleave(1, dim=1)
        b[0, 0] = 100.0
        c = torch.repeat_interleave(y, torch.tensor([2, 1]), dim=0)
        c.mul_(3.0)
        d = y.repeat_interleave(torch.tensor(3), dim=1)
        d[:, 0] = -1.0
        return a, b, c, d, x, y
