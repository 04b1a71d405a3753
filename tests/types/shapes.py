# Shape mismatches found by shape inference, with symbolic dimensions.
# tsc2onnx: --input x:float32[N,3] --input y:float32[4,5] --input z:float32[M,4] --input b:float32[N,3,4]
import torch
from torch import Tensor, nn


class Shapes(nn.Module):
    def forward(self, x: Tensor, y: Tensor, z: Tensor, b: Tensor):
        a = x @ y
        c = x + z
        d = torch.cat([x, z], dim=0)
        e = y.view(3, 7)
        f = torch.mm(b, y)
        g = torch.bmm(x, y)
        h = torch.matmul(b, b)
        i = x * torch.ones(4)
        j = torch.cat([x, b], dim=1)
        k = torch.gather(x, 1, torch.zeros(2, dtype=torch.int64))
        l = x.reshape(2, -1, 5)
        m = torch.where(x > 0, x, z)
        return x
