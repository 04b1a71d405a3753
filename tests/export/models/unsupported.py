# Calls the compiler has no mapping for (torch.ops operators nobody mapped,
# torch functions and Tensor methods that have no ONNX form), to check that
# --report lists them all at once, with counts and places (a function of a
# namespace that is missing as a whole, torch.special, by its full name).
import torch
import torch.nn as nn


class Unsupported(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = torch.relu(self.fc(x))
        a = torch.ops.vendor_ops.fancy(y)
        b = torch.ops.vendor_ops.fancy(a)
        c = torch.ops.vendor_ops.other(b, 2)
        h = torch.histc(c, bins=4) + torch.histc(y, bins=4)
        s = torch.special.erfcx(y)
        return c.cholesky() + h + s
