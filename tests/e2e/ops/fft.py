# torch.fft over one dimension (stdlib/torch/fft.ts): fft and ifft of real
# and complex tensors, rfft, irfft, hfft and ihfft; n shorter and longer
# than the dimension (cut, zero-padded), even and odd lengths, dim other
# than the last, the three norms; fftfreq and rfftfreq; fftshift and
# ifftshift of real and complex tensors.  Complex results are returned
# through torch.view_as_real.
# example: x=randn(3,8) y=randn(3,7)
# inputs: x=randn(3,8) y=randn(3,7)
import torch
from torch import nn


class Fft(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        r = torch.view_as_real
        z = torch.complex(x, x * 0.5 - 1.0)
        return (
            r(torch.fft.fft(x)),
            r(torch.fft.fft(y, n=5)),
            r(torch.fft.fft(x, n=11, dim=0)),
            r(torch.fft.ifft(z)),
            r(torch.fft.ifft(z, norm="ortho")),
            r(torch.fft.fft(z, dim=0, norm="forward")),
            r(torch.fft.rfft(x)),
            r(torch.fft.rfft(y, norm="ortho")),
            r(torch.fft.rfft(x, n=6, dim=-1)),
            torch.fft.irfft(torch.fft.rfft(x)),
            torch.fft.irfft(torch.fft.rfft(y), n=7),
            torch.fft.irfft(z, n=9, norm="forward"),
            torch.fft.irfft(z[:, :5]),
            torch.fft.hfft(z[:, :5]),
            torch.fft.hfft(z, n=7, norm="ortho"),
            r(torch.fft.ihfft(y).resolve_conj()),
            torch.fft.ihfft(x, n=6).imag,
            r(torch.fft.ifft(torch.fft.fft(z))),
            torch.fft.fftfreq(8),
            torch.fft.fftfreq(7, d=0.5),
            torch.fft.rfftfreq(9, 2.0),
            torch.fft.fftshift(x),
            torch.fft.ifftshift(y, dim=-1),
            r(torch.fft.fftshift(z, dim=(0, 1))),
        )

