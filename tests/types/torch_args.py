# Wrong arguments to torch functions and tensor methods, dims out of range,
# and run-time values where a compile-time one is needed (an ONNX attribute);
# a name that does not exist gets the nearest one (and torch_args2.py).
# tsc2onnx: --input x:float32[2,3] --input i:int64[2,3] --input k:int64[]
import torch
from torch import Tensor, nn


class TorchArgs(nn.Module):
    def forward(self, x: Tensor, i: Tensor, k: int):
        a = torch.cat(x)
        b = torch.softmax(x, dim=2)
        c = x.sum(dim="a")
        d = x.view(2, -1, -1)
        e = x.transpose(0, 3)
        f = x.permute(1, 0, 2)
        g = torch.stack([x, x[0]])
        h = torch.clamp(x)
        j = x.expand(4, 5)
        l = torch.softmax(x, dim=k)
        m = x.flip(k)
        n = torch.mean(i)
        o = x[0, 0, 0]
        p = x[1.5]
        q = torch.sofmax(x, 0)
        r = x.sumx()
        return x
