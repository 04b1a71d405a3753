# torch.stft(return_complex=True) and torch.istft (stdlib/torch/_signal.ts):
# the round trip with a Hann window, with and without length, hop_length
# not dividing n_fft, a window shorter than n_fft, normalized, a 1-D
# signal (no batch), center=False with a window whose overlap-add stays
# nonzero, the deprecated real view as istft's input, and the spectrum
# edited before the inverse (scaled, its phase rotated by a complex
# product).  (Angles are tested in complex_ops.py: near the real axis
# the sign of a zero imaginary part decides between pi and -pi.)
# (Signal lengths are dynamic: onnx 1.12's STFT shape inference, which
# the checker runs, miscounts the frames of a known length.)
# tsc2onnx: --dynamic x:1=L --dynamic y:0=M
# example: x=randn(2,64) y=randn(50)
# inputs: x=randn(2,40) y=randn(37)
# opsets: 17
import torch
from torch import nn


class Istft(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        w = torch.hann_window(16)
        z = torch.stft(x, 16, window=w, return_complex=True)
        a = torch.istft(z, 16, window=w)
        b = torch.istft(z, 16, window=w, length=x.shape[-1])
        z2 = torch.stft(x, 16, hop_length=5, window=w, return_complex=True)
        c = torch.istft(z2, 16, hop_length=5, window=w, length=x.shape[-1] - 3)
        w10 = torch.hann_window(10)
        z3 = torch.stft(y, 16, hop_length=3, win_length=10, window=w10, normalized=True,
                        return_complex=True)
        d = torch.istft(z3, 16, hop_length=3, win_length=10, window=w10, normalized=True)
        z4 = torch.stft(x, 8, hop_length=2, window=torch.ones(8), center=False, return_complex=True)
        e = torch.istft(z4, 8, hop_length=2, window=torch.ones(8), center=False)
        f = torch.istft(torch.view_as_real(z), 16, window=w, length=x.shape[-1] + 5)
        rot = torch.complex(torch.cos(torch.ones(1) * 0.3), torch.sin(torch.ones(1) * 0.3))
        g = torch.istft(z * rot * 0.5, 16, window=w)
        return a, b, c, d, e, f, g, torch.view_as_real(z3).abs().sum(dim=-1), z.abs()
