# Every unsupported construct or name reached from the entry is reported in
# one run, once per place (the loop below runs three times), with the
# nearest supported name when there is one.
# tsc2onnx: --input x:float32[2,3]
import torch
import torch.nn.functional as F
from torch import Tensor, nn


def helper(t: Tensor) -> Tensor:
    return torch.fliplr(t)


class Unsupported(nn.Module):
    def forward(self, x: Tensor):
        for _ in range(3):
            z = x + torch.sofmax(x, 0)
        a = F.rellu(x)
        b = x.tolist()
        c = {1, 2}
        d = helper(x)
        e = x.unsqeeze(0)
        f = torch.multinomial(x, 2)
        g = x.view(torch.int32)
        return x
