# torch.fft: discrete Fourier transforms along one dimension (fft, ifft,
# rfft, irfft, hfft, ihfft) and several (fft2, fftn, rfft2, rfftn and their
# inverses), their frequencies and shifts.
#
# A transform of length n is a product with the n x n (or n x n//2+1)
# matrices of cos and sin of 2*pi*k*t/n (_native.dft_basis: computed when
# compiling, in double with k*t reduced mod n first, rounded once to the
# parts' type): exact at every opset, for any n, and the onesided inverse
# (irfft) that ONNX's DFT lacks.  The length must be known when compiling.
import onnx
import _native
import torch._impl as T
import torch._complex as C
import torch._index as I

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
           "fft2", "ifft2", "fftn", "ifftn", "rfft2", "irfft2", "rfftn", "irfftn"]

_f32 = _native.float32
_f64 = _native.float64


def _parts(x, fn):
    """(real part, imaginary part or None, part dtype) of a transform's input."""
    if isinstance(x, C.ComplexTensor):
        return x.real, x.imag, _native.dtype_of(x._data)
    if not _native.is_tensor(x):
        raise TypeError(f"{fn}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")
    dt = _native.dtype_of(x)
    if dt == _native.float16 or dt == _native.bfloat16:
        return T._error(f"torch.fft.{fn} of a {'float16' if dt == _native.float16 else 'bfloat16'} tensor "
                        f"is not supported"), None, dt
    if not _native.is_floating(dt):
        dt = _f32
    return T._to(x, dt), None, dt


def _norm_scale(norm, n, inverse, fn):
    if norm is None or norm == "backward":
        return 1.0 / n if inverse else 1.0
    if norm == "ortho":
        return 1.0 / (n ** 0.5)
    if norm == "forward":
        return 1.0 if inverse else 1.0 / n
    raise RuntimeError(f"Invalid normalization mode: \"{norm}\"")


def _static_length(x, d, fn):
    size = x.size(d)
    if not _native.is_static(size):
        return T._error(f"torch.fft.{fn} along a dimension whose size is known only at run time is not "
                        f"supported yet (pass n=)")
    return size


def _fit(x, d, n):
    """X cut or zero-padded to length N along dimension D (the last)."""
    size = x.size(d)
    if _native.is_static(size) and size == n:
        return x
    if _native.is_static(size) and size > n:
        return I.narrow(x, d, 0, n)
    import torch.nn.functional as F
    return F.pad(x, [0, n - size])


def _basis(rows, cols, n, dt):
    """cos and sin of 2*pi*(r*c mod n)/n, [rows, cols], in dtype DT."""
    return _native.dft_basis(rows, cols, n, 0, dt), _native.dft_basis(rows, cols, n, 1, dt)


def _transform(re, im, n, bins, inverse, scale, dt):
    """The DFT (or the unscaled inverse) of length N of RE + i IM along the
    last dimension, BINS outputs, times SCALE: (real, imaginary) parts."""
    cos, sin = _basis(n, bins, n, dt)
    sign = 1.0 if inverse else -1.0
    out_re = T.matmul(re, cos)
    out_im = T.mul(T.matmul(re, sin), sign)
    if im is not None:
        out_re = T.sub(out_re, T.mul(T.matmul(im, sin), sign))
        out_im = T.add(out_im, T.matmul(im, cos))
    if scale != 1.0:
        out_re, out_im = T.mul(out_re, scale), T.mul(out_im, scale)
    return out_re, out_im


def _along(x, dim, fn):
    """X's dimension DIM (normalized) and X with it moved last."""
    rank = x.dim()
    if rank == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    d = T._norm_dim(dim, rank)
    return d, rank


def _to_last(t, d, rank):
    return t if d == rank - 1 else T.transpose(t, d, rank - 1)


def _dft(input, n, dim, norm, inverse, fn, onesided):
    """The DFT (or the inverse) of length N along DIM, all N bins or the
    first n//2+1 (ONESIDED, of a real input): its real view, [..., 2]."""
    re, im, dt = _parts(input, fn)
    d, rank = _along(re, dim, fn)
    if n is None:
        n = _static_length(re, d, fn)
    elif n < 1:
        raise RuntimeError(f"Invalid number of data points ({n}) specified")
    re = _fit(_to_last(re, d, rank), rank - 1, n)
    if im is not None:
        im = _fit(_to_last(im, d, rank), rank - 1, n)
    bins = n // 2 + 1 if onesided else n
    out_re, out_im = _transform(re, im, n, bins, inverse, _norm_scale(norm, n, inverse, fn), dt)
    return T.stack([_to_last(out_re, d, rank), _to_last(out_im, d, rank)], -1)


def _complex_transform(input, n, dim, norm, inverse, fn):
    return C.ComplexTensor(_dft(input, n, dim, norm, inverse, fn, False))


def fft(input, n=None, dim=-1, norm=None, *, out=None):
    return _complex_transform(input, n, dim, norm, False, "fft")


def ifft(input, n=None, dim=-1, norm=None, *, out=None):
    return _complex_transform(input, n, dim, norm, True, "ifft")


def _real_onesided(input, n, dim, norm, inverse, fn):
    """The first n//2+1 bins of the DFT (or the unscaled inverse) of a real
    tensor: rfft, and ihfft's conjugate."""
    if isinstance(input, C.ComplexTensor):
        raise RuntimeError(f"{fn} expects a real input tensor, but got "
                           f"{'ComplexDouble' if input.dtype is C.complex128 else 'ComplexFloat'}")
    return _dft(input, n, dim, norm, inverse, fn, True)


def rfft(input, n=None, dim=-1, norm=None, *, out=None):
    return C.ComplexTensor(_real_onesided(input, n, dim, norm, False, "rfft"))


def _hermitian_inverse(re, im, n, d, rank, scale, dt):
    """The real signal of length N whose onesided spectrum (n//2+1 bins
    along the last dimension) is RE + i IM: the imaginary parts of the
    first and (for even N) the last bin are ignored, as PyTorch does."""
    bins = n // 2 + 1
    re = _fit(_to_last(re, d, rank), rank - 1, bins)
    im = _fit(_to_last(im, d, rank), rank - 1, bins) if im is not None else None
    weights = [1.0] + [2.0] * (bins - 1)
    if n % 2 == 0:
        weights[bins - 1] = 1.0
    cos, sin = _basis(bins, n, n, dt)
    w = T.unsqueeze(T.tensor(weights, dtype=dt), 1)
    cos, sin = T.mul(cos, w), T.mul(sin, w)
    x = T.matmul(re, cos)
    if im is not None:
        x = T.sub(x, T.matmul(im, sin))
    if scale != 1.0:
        x = T.mul(x, scale)
    return _to_last(x, d, rank)


def _from_onesided(input, n, dim, norm, inverse, fn):
    """irfft (INVERSE) and hfft: the real signal of length N (default
    2 * (bins - 1)) from a onesided spectrum; hfft conjugates it and
    takes the forward transform's scale."""
    re, im, dt = _parts(input, fn)
    d, rank = _along(re, dim, fn)
    if n is None:
        n = 2 * (_static_length(re, d, fn) - 1)
    if n < 1:
        raise RuntimeError(f"Invalid number of data points ({n}) specified")
    if not inverse and im is not None:
        im = T.neg(im)
    return _hermitian_inverse(re, im, n, d, rank, _norm_scale(norm, n, inverse, fn), dt)


def irfft(input, n=None, dim=-1, norm=None, *, out=None):
    return _from_onesided(input, n, dim, norm, True, "irfft")


def hfft(input, n=None, dim=-1, norm=None, *, out=None):
    """The real FFT of a Hermitian signal given by its first half: irfft
    of the conjugate, with the forward transform's scale."""
    return _from_onesided(input, n, dim, norm, False, "hfft")


def ihfft(input, n=None, dim=-1, norm=None, *, out=None):
    """The conjugate of rfft, with the inverse transform's scale; PyTorch
    returns it as a lazily conjugated view (its conjugate bit set)."""
    return C.ComplexTensor(_real_onesided(input, n, dim, norm, True, "ihfft"), True)


def _freq_dtype(dtype):
    if dtype is None:
        return _f32
    if not isinstance(dtype, type(_f32)) or not _native.is_floating(dtype):
        return T._error("fftfreq and rfftfreq with a dtype other than a floating type are not supported")
    return dtype


def fftfreq(n, d=1.0, *, dtype=None, layout=None, device=None, requires_grad=False, out=None):
    """[0, 1, ..., (n-1)//2, -(n//2), ..., -1] / (d * n)."""
    dt = _freq_dtype(dtype)
    k = T.arange(n, dtype=_native.int64)
    k = T.where(T.gt(k, (n - 1) // 2), T.sub(k, n), k)
    return T._to(T.div(T._to(k, _f64), d * n), dt)


def rfftfreq(n, d=1.0, *, dtype=None, layout=None, device=None, requires_grad=False, out=None):
    dt = _freq_dtype(dtype)
    return T._to(T.div(T.arange(n // 2 + 1, dtype=_f64), d * n), dt)


def _shift(input, dim, sign):
    z = input
    rank = z.dim()
    if dim is None:
        dims = list(range(rank))
    elif isinstance(dim, int):
        dims = [dim]
    else:
        dims = list(dim)
    shifts = []
    for x in dims:
        size = z.size(T._norm_dim(x, rank))
        if not _native.is_static(size):
            return T._error("fftshift and ifftshift along a dimension whose size is known only at run time "
                            "are not supported yet")
        shifts.append(size // 2 if sign > 0 else -(size // 2))
    if isinstance(z, C.ComplexTensor):
        return C.ComplexTensor(T.roll(z._data, shifts, [T._norm_dim(x, rank) for x in dims]))
    return T.roll(z, shifts, dims)


def fftshift(input, dim=None):
    return _shift(input, dim, 1)


def ifftshift(input, dim=None):
    return _shift(input, dim, -1)


# ---- over several dimensions: one 1-D transform per dimension ---------------
# The norms factor over the dimensions (ortho: 1/sqrt(prod n) is the product
# of 1/sqrt(n_i)), so each 1-D transform takes the norm for its own length.

def _dims_and_sizes(input, s, dim, fn):
    rank = input.dim()
    if dim is None:
        dims = list(range(rank)) if s is None else list(range(rank - len(s), rank))
    else:
        dims = [dim] if isinstance(dim, int) else list(dim)
        dims = [T._norm_dim(d, rank) for d in dims]
        if len(set(dims)) != len(dims):
            raise RuntimeError("FFT dims must be unique")
    if s is not None:
        s = list(s)
        if len(s) != len(dims):
            raise RuntimeError("When given, dim and shape arguments must have the same length")
        if len(dims) > rank:
            raise RuntimeError(f"Got shape with {len(s)} values but input tensor only has {rank} dimensions.")
    else:
        s = [None] * len(dims)
    return dims, s


def _fftn(input, s, dim, norm, inverse, fn):
    dims, sizes = _dims_and_sizes(input, s, dim, fn)
    if len(dims) == 0:      # no dimension to transform: the input as complex
        if isinstance(input, C.ComplexTensor):
            return input
        re, _, dt = _parts(input, fn)
        return C._pair(re, T.zeros_like(re))
    z = input
    for d, n in zip(dims, sizes):
        z = _complex_transform(z, n, d, norm, inverse, fn)
    return z


def fftn(input, s=None, dim=None, norm=None, *, out=None):
    return _fftn(input, s, dim, norm, False, "fftn")


def ifftn(input, s=None, dim=None, norm=None, *, out=None):
    return _fftn(input, s, dim, norm, True, "ifftn")


def fft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    return _fftn(input, s, dim, norm, False, "fft2")


def ifft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    return _fftn(input, s, dim, norm, True, "ifft2")


def _rfftn(input, s, dim, norm, fn):
    if isinstance(input, C.ComplexTensor):
        raise RuntimeError(f"{fn} expects a real-valued input tensor, but got "
                           f"{'ComplexDouble' if input.dtype is C.complex128 else 'ComplexFloat'}")
    dims, sizes = _dims_and_sizes(input, s, dim, fn)
    z = rfft(input, sizes[-1], dims[-1], norm)
    for d, n in zip(dims[:-1], sizes[:-1]):
        z = _complex_transform(z, n, d, norm, False, fn)
    return z


def rfftn(input, s=None, dim=None, norm=None, *, out=None):
    return _rfftn(input, s, dim, norm, "rfftn")


def rfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    return _rfftn(input, s, dim, norm, "rfft2")


def _irfftn(input, s, dim, norm, fn):
    dims, sizes = _dims_and_sizes(input, s, dim, fn)
    z = input
    for d, n in zip(dims[:-1], sizes[:-1]):
        z = _complex_transform(z, n, d, norm, True, fn)
    return irfft(z, sizes[-1], dims[-1], norm)


def irfftn(input, s=None, dim=None, norm=None, *, out=None):
    return _irfftn(input, s, dim, norm, "irfftn")


def irfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None):
    return _irfftn(input, s, dim, norm, "irfft2")
