# torch.multinomial and Tensor.multinomial (drawn by ONNX Runtime, so only
# properties are compared): 1-D and 2-D weights (unnormalized, with zeros,
# float32 and float64, a run-time number of rows), with and without
# replacement, one sample and several.  Checked: shapes and the int64
# dtype, every index in range and of a non-zero weight, draws without
# replacement distinct, a one-hot row always drawing its category.
# tsc2onnx: --dynamic w:0=N
# example: w=[[0.0, 1.0, 2.0, 3.0, 0.5], [4.0, 0.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0, 1.0]]
# inputs: w=[[0.2, 0.0, 0.0, 5.0, 1.0]]
# opsets: 11 17
import torch
from torch import nn


class Multinomial(nn.Module):
    def forward(self, w: torch.Tensor):
        v = torch.tensor([0.0, 3.0, 0.0, 1.0, 2.0], dtype=torch.float64)
        onehot = torch.tensor([[0.0, 0.0, 7.0]])
        a = torch.multinomial(w, 3)
        b = w.multinomial(10, replacement=True)
        c = torch.multinomial(v, 3)
        d = v.multinomial(6, True)
        e = torch.multinomial(onehot, 4, True)
        f = torch.multinomial(w, 1)
        ok_a = (torch.gather(w, 1, a) > 0).all()
        distinct_a = (a.sort(dim=1).values.diff(dim=1) > 0).all()
        ok_b = ((b >= 0) & (b < 5)).all() & (torch.gather(w, 1, b) > 0).all()
        ok_c = (v[c] > 0).all() & (c.sort().values.diff() > 0).all()
        ok_d = (v[d] > 0).all()
        return (
            a.dtype == torch.int64, torch.tensor(a.shape), torch.tensor(b.shape), torch.tensor(c.shape),
            torch.tensor(d.shape), torch.tensor(f.shape), ok_a, distinct_a, ok_b, ok_c, ok_d, e,
            (torch.gather(w, 1, f) > 0).all(), c.dtype == torch.int64,
        )
