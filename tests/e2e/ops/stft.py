# torch.stft with return_complex=False as ONNX STFT (opset 17): center
# padding (reflect, constant, replicate) or none, hop_length and win_length
# defaults, a window shorter than n_fft (zero-padded in the middle), no
# window (rectangular), onesided and two-sided, normalized; 1-D and 2-D
# signals; as a function and as a Tensor method.
# (Signal lengths are dynamic: onnx 1.12's STFT shape inference, which
# the checker runs, miscounts the frames of a known length.)
# tsc2onnx: --dynamic x:1=L --dynamic y:0=M
# example: x=randn(2,64) y=randn(50)
# inputs: x=randn(2,40) y=randn(37)
# opsets: 17
import torch
from torch import nn


class Stft(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor):
        w = torch.hann_window(16)
        return (
            torch.stft(x, 16, window=w, return_complex=False),
            torch.stft(x, 16, hop_length=5, win_length=10, window=torch.hann_window(10),
                       center=False, return_complex=False),
            torch.stft(x, 8, return_complex=False, pad_mode="constant"),
            torch.stft(x, 12, hop_length=4, window=torch.hamming_window(12), onesided=False,
                       normalized=True, pad_mode="replicate", return_complex=False),
            torch.stft(y, 16, window=w, return_complex=False),
            y.stft(9, 3, return_complex=False, center=False),
        )
