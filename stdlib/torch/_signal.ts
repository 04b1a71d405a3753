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
#       by n_fft ** -0.5.  return_complex=True wraps that real view in a
#       complex tensor (torch/_complex.ts).
#   istft  the inverse DFT of each frame (torch.fft), windowed, overlap-added
#       and divided by the overlap-added squared window (below)
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
    import torch._complex as C
    if isinstance(input, C.ComplexTensor):
        return T._error("stft of a complex signal is not supported yet")
    dt = _native.dtype_of(input)
    if not _native.is_floating(dt):
        raise RuntimeError(f"stft: expected a tensor of floating point or complex values, got {dt}")
    if return_complex is None:
        raise RuntimeError("stft requires the return_complex parameter be given for real inputs, "
                           "and will further require that return_complex=True in a future PyTorch "
                           "release.")
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
    y = y if dim == 2 else y.squeeze(0)
    if return_complex:
        import torch._complex as C
        return C.ComplexTensor(y)
    return y


# ---- istft ---------------------------------------------------------------------
# The inverse of stft as PyTorch computes it: each frame's inverse DFT of
# length n_fft (torch.fft.irfft when onesided) times the window,
# overlap-added at hop_length steps, divided by the overlap-added squared
# window, trimmed by n_fft // 2 when centered and to LENGTH when given (and
# zero-padded to it when the frames end sooner).

def _overlap_add(frames, hop):
    """[B, T, n] frames summed at offsets t * hop: [B, n + hop * (T - 1)].
    Frames padded to a multiple of HOP split into R = ceil(n / hop)
    blocks; block r of every frame lands at (t + r) * hop, so the sum is R
    shifted copies, whatever T is at run time."""
    import torch.nn.functional as F
    n = frames.size(2)
    r_blocks = (n + hop - 1) // hop
    padded = r_blocks * hop
    if padded != n:
        frames = F.pad(frames, [0, padded - n])
    b, t = frames.size(0), frames.size(1)
    blocks = frames.reshape(b, t, r_blocks, hop)
    total = None
    for r in range(r_blocks):
        piece = blocks.select(2, r).reshape(b, -1)
        piece = F.pad(piece, [r * hop, (r_blocks - 1 - r) * hop])
        total = piece if total is None else total + piece
    return total.narrow(1, 0, n + hop * (t - 1)) if padded != n else total


def _istft_error(msg):
    raise RuntimeError("istft: " + msg)


def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True, normalized=False,
          onesided=None, length=None, return_complex=False):
    import torch._complex as C
    import torch.fft as FFT
    if not isinstance(input, C.ComplexTensor):
        # PyTorch 1.13 still takes the real view (last dimension 2), deprecated
        if not _native.is_tensor(input):
            raise TypeError(f"istft(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
        rank = input.dim()
        if rank < 3:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-max(rank, 1)}, "
                             f"{max(rank, 1) - 1}], but got -3)")
        if rank > 4:
            _istft_error(f"expected a tensor with 3 or 4 dimensions, but got {rank}")
        last = input.size(-1)
        if _native.is_static(last) and last != 2:
            _istft_error(f"expected the last dimension to be 2 (corresponding to real and imaginary parts), "
                         f"but got {last}")
        input = C.view_as_complex(input)
    if return_complex:
        return T._error("istft with return_complex=True gives a complex signal, which is not supported yet")
    dim = input.dim()
    if dim < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of [-{dim + 1}, {dim}], but got -3)")
    if dim > 3:
        _istft_error(f"expected a tensor with 3 or 4 dimensions, but got {dim + 1}")
    hop = n_fft // 4 if hop_length is None else hop_length
    win = n_fft if win_length is None else win_length
    if win <= 0 or win > n_fft:
        _istft_error("expected 0 < win_length <= n_fft")
    if hop <= 0 or hop > win:
        _istft_error("expected 0 < hop_length <= win_length")
    z = input if dim == 3 else input.unsqueeze(0)
    fft_size = z.size(1)
    if not _native.is_static(fft_size):
        return T._error("istft of a spectrum whose number of frequencies is known only at run time is not "
                        "supported")
    sided = (fft_size != n_fft) if onesided is None else bool(onesided)
    if sided and n_fft // 2 + 1 != fft_size:
        _istft_error(f"expected the frequency dimension (3rd to the last) of the input tensor to match "
                     f"n_fft / 2 + 1 when onesided=True, but got {fft_size}")
    if not sided and n_fft != fft_size:
        _istft_error(f"expected the frequency dimension (3rd to the last) of the input tensor to match "
                     f"n_fft when onesided=False, but got {fft_size}")
    dt = _native.dtype_of(z._data)
    if window is not None:
        if window.dim() != 1 or (_native.is_static(window.size(0)) and window.size(0) != win):
            _istft_error("Invalid window shape. window has to be 1D and length of `win_length`")
        wdt = _native.dtype_of(window)
        if not _native.is_floating(wdt):
            raise RuntimeError(f"\"col2im_out_cpu\" not implemented for '{C._NAMES[wdt]}'")
        dt = _native.result_type(z._data, window)
    w = _stft_window(window, win, n_fft, dt)
    frames = z.transpose(1, 2)                              # [B, T, F]
    if dt != _native.dtype_of(z._data):
        frames = C.ComplexTensor(T._to(frames._data, dt))
    if normalized:
        frames = frames * math.sqrt(n_fft)
    if sided:
        y = FFT.irfft(frames, n_fft, -1)
    else:
        y = FFT.ifft(frames, n_fft, -1).real
    y = y * w
    n_frames = y.size(1)
    signal = _overlap_add(y, hop)
    envelope = _overlap_add((w * w).expand(1, n_frames, n_fft), hop)
    expected = n_fft + hop * (n_frames - 1)
    start = n_fft // 2 if center else 0
    if length is not None:
        end = start + length
    elif center:
        end = expected - n_fft // 2
    else:
        end = expected
    signal = signal[:, start:end]
    envelope = envelope[:, start:end]
    # PyTorch raises when the envelope has a value under 1e-11 (the NOLA
    # condition); the graph cannot raise, and divides (inf or NaN there)
    y = signal / envelope
    if _native.is_static(end) and _native.is_static(expected):
        if end > expected:
            import torch.nn.functional as F
            y = F.pad(y, [0, end - expected])
    elif length is not None:
        # the frames' end known only at run time: zeros up to LENGTH (none
        # when the slice already reached it)
        y = T.cat([y, T.zeros(y.size(0), length - y.size(1), dtype=dt)], 1)
    return y if dim == 3 else y.squeeze(0)
