# torch: window functions and the short-time Fourier transform.
#
#   hann_window, blackman_window   ONNX HannWindow / BlackmanWindow from
#       opset 17 (the same cosine sums as PyTorch's), else Range and Cos:
#       a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N), n < window_length,
#       N = window_length (periodic) or window_length - 1; length 1 is [1]
#   hamming_window   always Range and Cos: ONNX's HammingWindow has the
#       coefficients 25/46 and 21/46, PyTorch's alpha and beta are 0.54 and
#       0.46 by default
#   stft   ONNX STFT (opset 17) on the signal as [batch, length, 1]: center
#       pads by n_fft // 2 (reflect, replicate or constant), a window of
#       win_length < n_fft is zero-padded to n_fft in the middle, the
#       result [batch, frames, bins, 2] is transposed to PyTorch's
#       [batch, bins, frames, 2] (return_complex=False); normalized scales
#       by n_fft ** -0.5.  Complex results (return_complex=True) are
#       refused: ONNX has no complex tensors here.
import math
import onnx
import _native
import torch._impl as T

_OPSET = _native.opset


def _window_dtype(name, dtype):
    dt = _native.float32 if dtype is None else dtype
    if not _native.is_floating(dt):
        raise RuntimeError(f"{name} expects floating point dtypes, got: {dt}")
    return dt


def _cosine_window(name, onnx_op, window_length, periodic, dtype, coeffs):
    """a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N) over n < window_length."""
    dt = _window_dtype(name, dtype)
    if _native.is_static(window_length):
        if window_length < 0:
            raise RuntimeError(f"{name} requires non-negative window length, got window_length="
                               f"{window_length}")
        if window_length <= 1:
            return T.ones(window_length, dtype=dt)
    if onnx_op is not None and _OPSET >= 17:
        size = _native.as_tensor(window_length, _native.int64)
        p = 1 if periodic else 0
        if onnx_op == "HannWindow":
            return onnx.HannWindow(size, periodic=p, output_datatype=dt)
        return onnx.BlackmanWindow(size, periodic=p, output_datatype=dt)
    n = T.arange(window_length, dtype=_native.float64)
    big_n = window_length if periodic else window_length - 1
    t = n * (2.0 * math.pi / big_n)
    w = coeffs[0] - coeffs[1] * T.cos(t)
    if coeffs[2] != 0.0:
        w = w + coeffs[2] * T.cos(t * 2.0)
    return w.to(dt)


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None,
                requires_grad=False):
    return _cosine_window("hann_window", "HannWindow", window_length, periodic, dtype,
                          (0.5, 0.5, 0.0))


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None,
                    requires_grad=False):
    return _cosine_window("blackman_window", "BlackmanWindow", window_length, periodic, dtype,
                          (0.42, 0.5, 0.08))


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None,
                   layout=None, device=None, requires_grad=False):
    return _cosine_window("hamming_window", None, window_length, periodic, dtype,
                          (float(alpha), float(beta), 0.0))


def _stft_window(window, win_length, n_fft, dt):
    if window is None:
        w = T.ones(win_length, dtype=dt)
    else:
        if window.dim() != 1 or (_native.is_static(window.size(0)) and window.size(0) != win_length):
            raise RuntimeError(f"stft: expected a 1D window tensor of size equal to win_length="
                               f"{win_length}, but got window with size {_native.shape_text(window)}")
        w = window.to(dt)
    if win_length == n_fft:
        return w
    import torch.nn.functional as F
    left = (n_fft - win_length) // 2
    return F.pad(w, [left, n_fft - win_length - left])


@T._method
def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="reflect", normalized=False, onesided=None, return_complex=None):
    dt = _native.dtype_of(input)
    if not _native.is_floating(dt):
        raise RuntimeError(f"stft: expected a tensor of floating point or complex values, got {dt}")
    if return_complex is None:
        raise RuntimeError("stft requires the return_complex parameter be given for real inputs, "
                           "and will further require that return_complex=True in a future PyTorch "
                           "release.")
    if return_complex:
        return _native.error("stft with return_complex=True gives a complex tensor, which ONNX "
                             "cannot hold here; use return_complex=False (real and imaginary parts "
                             "in a last dimension of 2)")
    if _OPSET < 17:
        return _native.error(f"torch.stft needs opset 17 or later in ONNX (compiling for opset "
                             f"{_OPSET}); not supported yet at this opset")
    dim = input.dim()
    if dim != 1 and dim != 2:
        raise RuntimeError(f"stft: expected a 1D or 2D tensor, but got {dim}D tensor")
    x = input if dim == 2 else input.unsqueeze(0)
    if center:
        import torch.nn.functional as F
        half = n_fft // 2
        x = F.pad(x.unsqueeze(1), [half, half], mode=pad_mode).squeeze(1)
    hop = n_fft // 4 if hop_length is None else hop_length
    win = n_fft if win_length is None else win_length
    length = x.size(1)
    if n_fft <= 0 or (_native.is_static(length) and n_fft > length):
        raise RuntimeError(f"stft: expected 0 < n_fft < {length}, but got n_fft={n_fft}")
    if hop <= 0:
        raise RuntimeError(f"stft: expected hop_length > 0, but got hop_length={hop}")
    if win <= 0 or win > n_fft:
        raise RuntimeError(f"stft: expected 0 < win_length <= n_fft, but got win_length={win}")
    w = _stft_window(window, win, n_fft, dt)
    sided = True if onesided is None else bool(onesided)
    y = onnx.STFT(x.unsqueeze(-1), _native.as_tensor(hop, _native.int64), w,
                  _native.as_tensor(n_fft, _native.int64), onesided=1 if sided else 0)
    y = y.transpose(1, 2)
    if normalized:
        y = y * (1.0 / math.sqrt(n_fft))
    return y if dim == 2 else y.squeeze(0)
