# torch.fft over several dimensions (stdlib/torch/fft.ts): fft2, fftn,
# rfft2, rfftn and their inverses, with s (cut and padded), dim and the
# norms.  (fftn with dim=() is left out: PyTorch 1.13 returns uninitialized
# imaginary parts.)
# example: x=randn(2,12) y=randn(3)
import torch
from torch import nn


class FftN(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        r = torch.view_as_real
        a = x.view(2, 3, 4)
        z = torch.fft.fftn(a)
        return (
            r(z),
            r(torch.fft.fft2(a, norm="ortho")),
            r(torch.fft.fftn(a, s=[5, 2], dim=[0, 2])),
            r(torch.fft.ifftn(z, dim=(1,), norm="forward")),
            r(torch.fft.ifft2(torch.fft.fft2(a))),
            r(torch.fft.rfftn(a)),
            r(torch.fft.rfft2(a, s=(4, 6))),
            torch.fft.irfftn(torch.fft.rfftn(a)),
            torch.fft.irfft2(torch.fft.rfft2(a), s=(3, 5), norm="ortho"),
            torch.fft.irfftn(z, s=[3, 6], dim=[1, 2]),
        )
