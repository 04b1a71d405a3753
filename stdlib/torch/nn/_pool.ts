# torch.nn.functional: pooling.
#
#   max_pool{1,2,3}d        onnx.MaxPool (Indices output for return_indices)
#   avg_pool{1,2,3}d        onnx.AveragePool; divisor_override as a rescale
#   adaptive_*_pool{1,2,3}d PyTorch's windows [floor(i*L/o), ceil((i+1)*L/o))
#                           along each axis: one pooling operator where they
#                           are regular (L divisible by o, or o == 1), else a
#                           Slice and a reduction per output cell, axis by
#                           axis (a window is a product of intervals, so the
#                           mean and the max separate over the axes)
import onnx
import _native
import torch._impl as T
import torch.nn._ops as O

_OPSET = _native.opset


def _batched(input, n, name):
    rank = input.dim()
    if rank == n + 2:
        return input, False
    if rank == n + 1:
        return O.unsqueeze(input, [0]), True
    raise RuntimeError(f"{name}: Expected {n + 1}D or {n + 2}D input, but got input of size: "
                       f"{_native.shape_text(input)}")


def _unbatch(y, unbatched):
    return O.squeeze(y, [0]) if unbatched else y


def _float_input(x, name):
    if not _native.is_floating(_native.dtype_of(x)):
        return _native.error(f"{name} on a {_native.dtype_of(x)} input is not supported yet")


def _pool_out_size(size, k, s, p, d, ceil_mode):
    """PyTorch's pooling output size along one axis (a static SIZE)."""
    span = size + 2 * p - d * (k - 1) - 1
    if ceil_mode:
        out = -(-span // s) + 1
        # the last window must start inside the input or its left padding
        if (out - 1) * s >= size + p:
            out -= 1
        return out
    return span // s + 1


def _window_args(n, name, x, kernel_size, stride, padding, dilation, ceil_mode, half_of_dilated):
    k = O.ntuple(kernel_size, n, "kernel_size")
    no_stride = stride is None or ((isinstance(stride, list) or isinstance(stride, tuple)) and len(stride) == 0)
    s = k if no_stride else O.ntuple(stride, n, "stride")
    p = O.ntuple(padding, n, "padding")
    d = O.ntuple(dilation, n, "dilation")
    for i in range(n):
        if k[i] <= 0:
            raise RuntimeError(f"{name}: kernel_size must be greater than zero, but got {k[i]}")
        if s[i] <= 0:
            raise RuntimeError(f"{name}: stride must be greater than zero, but got {s[i]}")
        if d[i] <= 0:
            raise RuntimeError(f"{name}: dilation must be greater than zero, but got {d[i]}")
        limit = ((k[i] - 1) * d[i] + 1) // 2 if half_of_dilated else k[i] // 2
        if p[i] < 0 or p[i] > limit:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got "
                               f"pad={p[i]}, kernel_size={k[i]} and dilation={d[i]}")
        size = x.size(2 + i)
        if _native.is_static(size):
            out = _pool_out_size(size, k[i], s[i], p[i], d[i], ceil_mode)
            if out < 1:
                raise RuntimeError(f"{name}: given input size {_native.shape_text(x)}, the calculated "
                                   "output size is too small (less than 1)")
    return k, s, p, d


def _ceil_end_pads(x, k, s, p, d):
    """End pads that make floor-mode pooling produce PyTorch's ceil-mode
    windows, or None when a spatial size is known only at run time.

    ONNX's ceil_mode is avoided: tools disagree on the last window when it
    would start in the padding (PyTorch drops it)."""
    ends = []
    for i in range(len(k)):
        size = x.size(2 + i)
        if not _native.is_static(size):
            return None
        out = _pool_out_size(size, k[i], s[i], p[i], d[i], True)
        dk = d[i] * (k[i] - 1) + 1
        ends.append(max(p[i], (out - 1) * s[i] + dk - size - p[i]))
    return ends


# ---- max pooling --------------------------------------------------------------------

def _plane_indices(idx, x):
    """ONNX MaxPool's Indices count over the whole (N, C, *spatial) tensor;
    PyTorch's count within each (n, c) plane."""
    plane = 1
    for d in O.static_dims(x, list(range(2, x.dim())), "return_indices=True"):
        plane *= d
    if _OPSET >= 10:
        return onnx.Mod(idx, T._to(plane, _native.int64))
    # idx - (idx / plane) * plane: the indices are never negative
    return onnx.Sub(idx, onnx.Mul(onnx.Div(idx, T._to(plane, _native.int64)), T._to(plane, _native.int64)))


def _max_pool(n, name, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    x, unbatched = _batched(input, n, name)
    _float_input(x, name)
    k, s, p, d = _window_args(n, name, x, kernel_size, stride, padding, dilation, ceil_mode, True)
    if any(v != 1 for v in d):
        O.need_opset(10, f"{name} with dilation")
    if return_indices:
        O.need_opset(8, f"{name} with return_indices=True")
    ends = _ceil_end_pads(x, k, s, p, d) if ceil_mode else p
    if ends is None:
        O.need_opset(10, f"{name} with ceil_mode=True on a symbolic spatial size")
        r = onnx.MaxPool(x, kernel_shape=k, strides=s, pads=p + p, dilations=d, ceil_mode=1,
                         _outputs=2 if return_indices else 1)
    elif _OPSET >= 10:
        r = onnx.MaxPool(x, kernel_shape=k, strides=s, pads=p + ends, dilations=d,
                         _outputs=2 if return_indices else 1)
    else:
        r = onnx.MaxPool(x, kernel_shape=k, strides=s, pads=p + ends, _outputs=2 if return_indices else 1)
    if return_indices:
        y, idx = r
        return _unbatch(y, unbatched), _unbatch(_plane_indices(idx, x), unbatched)
    return _unbatch(r, unbatched)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _max_pool(1, "max_pool1d", input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _max_pool(2, "max_pool2d", input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _max_pool(3, "max_pool3d", input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool(1, "max_pool1d", input, kernel_size, stride, padding, dilation, ceil_mode,
                     return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool(2, "max_pool2d", input, kernel_size, stride, padding, dilation, ceil_mode,
                     return_indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool(3, "max_pool3d", input, kernel_size, stride, padding, dilation, ceil_mode,
                     return_indices)


# ---- average pooling ------------------------------------------------------------------

def _avg_pool(n, name, input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    x, unbatched = _batched(input, n, name)
    _float_input(x, name)
    k, s, p, d = _window_args(n, name, x, kernel_size, stride, padding, 1, ceil_mode, False)
    if divisor_override is not None:
        if divisor_override == 0:
            raise RuntimeError("divisor must be not zero")
        # the window sums over the given divisor: every window of the
        # zero-padded input averages over the whole kernel, times its area
        area = 1
        for v in k:
            area *= v
        ends = _ceil_end_pads(x, k, s, p, [1] * n) if ceil_mode else p
        if ends is None:
            return _native.error(f"{name} with divisor_override and ceil_mode=True needs the spatial "
                                 "size known at compile time; not supported yet")
        xp = O.pad_onnx(x, [0, 0] + p, [0, 0] + ends) if any(v != 0 for v in p + ends) else x
        y = onnx.AveragePool(xp, kernel_shape=k, strides=s)
        return _unbatch(onnx.Mul(y, float(area) / divisor_override), unbatched)
    return _unbatch(_average_pool(x, k, s, p, ceil_mode, count_include_pad), unbatched)


def _average_pool(x, k, s, p, ceil_mode, count_include_pad):
    padded = any(v != 0 for v in p)
    if not ceil_mode:
        inc = 1 if count_include_pad and padded else 0
        return onnx.AveragePool(x, kernel_shape=k, strides=s, pads=p + p, count_include_pad=inc)
    ends = _ceil_end_pads(x, k, s, p, [1] * len(k))
    if ends is None:
        O.need_opset(10, "avg_pool with ceil_mode=True on a symbolic spatial size")
        inc = 1 if count_include_pad and padded else 0
        return onnx.AveragePool(x, kernel_shape=k, strides=s, pads=p + p, count_include_pad=inc, ceil_mode=1)
    if not count_include_pad or not padded:
        return onnx.AveragePool(x, kernel_shape=k, strides=s, pads=p + ends, count_include_pad=0)
    # PyTorch counts the padding but not a last window's overhang past it:
    # pad with real zeros, then let the overhang be uncounted padding
    n = len(k)
    xp = O.pad_onnx(x, [0, 0] + p, [0, 0] + p)
    extra = [ends[i] - p[i] for i in range(n)]
    return onnx.AveragePool(xp, kernel_shape=k, strides=s, pads=[0] * n + extra, count_include_pad=0)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    return _avg_pool(1, "avg_pool1d", input, kernel_size, stride, padding, ceil_mode, count_include_pad, None)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _avg_pool(2, "avg_pool2d", input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _avg_pool(3, "avg_pool3d", input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


# ---- adaptive pooling -----------------------------------------------------------------

def _windows(size, out):
    """PyTorch's adaptive windows along one axis: [(start, end)]."""
    return [((i * size) // out, -((-(i + 1) * size) // out)) for i in range(out)]


def _regular(windows):
    """(kernel, stride) when the windows are evenly spaced and equal, else None."""
    k = windows[0][1] - windows[0][0]
    s = windows[1][0] - windows[0][0] if len(windows) > 1 else 1
    if s < 1:
        return None
    for i, (a, b) in enumerate(windows):
        if a != i * s or b - a != k:
            return None
    return k, s


def _adaptive_sizes(n, name, x, output_size):
    out = O.ntuple(output_size, n, "output_size")
    sizes = []
    for i in range(n):
        size = x.size(2 + i)
        o = out[i]
        if o is None:
            sizes.append((size, None))
            continue
        if o < 0:
            raise RuntimeError(f"{name}: elements of output_size must be greater than or equal to 0 "
                               f"but received {list(out)}")
        sizes.append((size, o))
    return sizes


def _reduce_cells(x, axis, windows, kind):
    cells = []
    for a, b in windows:
        part = O.slice_axis(x, axis, a, b)
        cells.append(O.reduce_mean(part, [axis]) if kind == "avg" else O.reduce_max(part, [axis]))
    return O.concat(cells, axis)


def _pool_op(x, kind, k, s, indices):
    if kind == "avg":
        return onnx.AveragePool(x, kernel_shape=k, strides=s)
    return onnx.MaxPool(x, kernel_shape=k, strides=s, _outputs=2 if indices else 1)


def _adaptive(n, name, input, output_size, kind, return_indices):
    x, unbatched = _batched(input, n, name)
    _float_input(x, name)
    sizes = _adaptive_sizes(n, name, x, output_size)
    if all(o is not None and o == 1 for _, o in sizes) and not return_indices:
        y = onnx.GlobalAveragePool(x) if kind == "avg" else onnx.GlobalMaxPool(x)
        return _unbatch(y, unbatched)
    plans = []
    for i in range(n):
        size, o = sizes[i]
        if o is None or (_native.is_static(size) and o == size):
            plans.append(("keep", None))
            continue
        if not _native.is_static(size):
            if _native.is_static(o) and o == 1:
                plans.append(("reduce", None))
                continue
            return _native.error(f"{name} to output size {o} needs the input's spatial size known at "
                                 "compile time (it is dynamic here); not supported yet")
        if o == 0:
            raise RuntimeError(f"{name}: output size 0 is not supported")
        w = _windows(size, o)
        ks = _regular(w)
        plans.append(("cells", w) if ks is None else ("pool", ks))
    if return_indices and any(kind_ != "pool" and kind_ != "keep" for kind_, _ in plans):
        return _native.error(f"{name} with return_indices=True needs equal, evenly spaced windows on a "
                             "static spatial size; not supported yet for these sizes")
    y = x
    # the regular axes in one pooling operator (kernel 1 on the others)
    if return_indices or any(kind_ == "pool" for kind_, _ in plans):
        k = [ks[0] if kind_ == "pool" else 1 for kind_, ks in plans]
        s = [ks[1] if kind_ == "pool" else 1 for kind_, ks in plans]
        if return_indices:
            y, idx = _pool_op(y, kind, k, s, True)
            return _unbatch(y, unbatched), _unbatch(_plane_indices(idx, x), unbatched)
        if any(v != 1 for v in k) or any(v != 1 for v in s):
            y = _pool_op(y, kind, k, s, False)
    for i in range(n):
        kind_, arg = plans[i]
        if kind_ == "cells":
            y = _reduce_cells(y, 2 + i, arg, kind)
        elif kind_ == "reduce":
            y = O.reduce_mean(y, [2 + i]) if kind == "avg" else O.reduce_max(y, [2 + i])
    return _unbatch(y, unbatched)


def adaptive_avg_pool1d(input, output_size):
    return _adaptive(1, "adaptive_avg_pool1d", input, output_size, "avg", False)


def adaptive_avg_pool2d(input, output_size):
    return _adaptive(2, "adaptive_avg_pool2d", input, output_size, "avg", False)


def adaptive_avg_pool3d(input, output_size):
    return _adaptive(3, "adaptive_avg_pool3d", input, output_size, "avg", False)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    return _adaptive(1, "adaptive_max_pool1d", input, output_size, "max", return_indices)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _adaptive(2, "adaptive_max_pool2d", input, output_size, "max", return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    return _adaptive(3, "adaptive_max_pool3d", input, output_size, "max", return_indices)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return _adaptive(1, "adaptive_max_pool1d", input, output_size, "max", True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return _adaptive(2, "adaptive_max_pool2d", input, output_size, "max", True)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    return _adaptive(3, "adaptive_max_pool3d", input, output_size, "max", True)
