# More wrong arguments to torch functions and tensor methods (see
# torch_args.py), each reported at its call in one run.
# tsc2onnx: --input x:float32[2,3] --input i:int64[2,3] --input k:int64[]
import torch
from torch import Tensor, nn


class TorchArgs2(nn.Module):
    def forward(self, x: Tensor, i: Tensor, k: int):
        a = torch.cat(x)
        s = x.masked_fill(i, 0.0)
        t = torch.topk(x, 5)
        u = torch.split(x, 2, dim=1.0)
        v = x.unsqueeze(3)
        w = torch.narrow(x, 1, 2, 3)
        y = torch.cumsum(x, dim=-3)
        z = x.chunk(0)
        a2 = torch.exp(2.0)
        b2 = torch.matmul(x, 3)
        c2 = torch.softmax(x, "last")
        d2 = x.split(k, 1)
        e2 = torch.arange(x)
        f2 = x.repeat(2)
        g2 = torch.roll(x, 1, k)
        h2 = x.transpose(0, 1.5)  # a method's argument is underlined as the function's
        return x
