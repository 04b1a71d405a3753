# Building blocks of torch.nn.functional: the ONNX forms that change from
# one opset to the next (Slice, the reductions, Pad, Clip), each behind one
# function, and the small argument checks that the layers share.
import onnx
import _native
import torch._impl as T

_OPSET = _native.opset
_i64 = _native.int64

# a slice end that means "to the end of the axis"
END = 9223372036854775807


def ntuple(value, n, name="argument"):
    """An int or a sequence of N ints as a list of N ints (torch's _ntuple)."""
    if isinstance(value, list) or isinstance(value, tuple):
        if len(value) == 1 and n > 1:
            return [value[0]] * n
        if len(value) != n:
            raise ValueError(f"{name} must be an int or a sequence of {n} ints, got {list(value)}")
        return list(value)
    return [value] * n


def need_opset(version, what):
    if _OPSET < version:
        return _native.error(f"{what} needs opset {version} or later in ONNX "
                             f"(compiling for opset {_OPSET}); not supported yet at this opset")


def static_dims(x, axes, what):
    """The sizes of X along AXES, which must be known at compile time."""
    out = []
    for a in axes:
        d = x.size(a)
        if not _native.is_static(d):
            return _native.error(f"{what} needs the size of dimension {a} known at compile time "
                                 "(it is dynamic here); not supported yet")
        out.append(d)
    return out


# ---- slicing and joining ---------------------------------------------------

def slice_axis(x, axis, start, end, step=1):
    """x[..., start:end:step, ...] along AXIS, with compile-time bounds."""
    if _OPSET >= 10:
        return onnx.Slice(x, [start], [end], [axis], [step])
    if step != 1:
        need_opset(10, "a strided slice")
    return onnx.Slice(x, starts=[start], ends=[end], axes=[axis])


def concat(xs, axis):
    if len(xs) == 1:
        return xs[0]
    return onnx.Concat(*xs, axis=axis)


def unsqueeze(x, axes):
    return T._unsqueeze_axes(x, list(axes))


def squeeze(x, axes):
    return T._squeeze_axes(x, list(axes))


def channel_view(w, rank):
    """A per-channel vector W (C,) shaped (C, 1, ..., 1) to broadcast over
    axis 1 of a tensor of rank RANK."""
    if rank <= 2:
        return w
    return unsqueeze(w, list(range(1, rank - 1)))


# ---- reductions: axes are an attribute before opset 18 (13 for ReduceSum) --

def _reduce(op, x, axes, keepdims):
    k = 1 if keepdims else 0
    axes = list(axes)
    if op == "Mean":
        if _OPSET >= 18:
            return onnx.ReduceMean(x, axes, keepdims=k)
        return onnx.ReduceMean(x, axes=axes, keepdims=k)
    if op == "Max":
        if _OPSET >= 18:
            return onnx.ReduceMax(x, axes, keepdims=k)
        return onnx.ReduceMax(x, axes=axes, keepdims=k)
    if op == "Sum":
        if _OPSET >= 13:
            return onnx.ReduceSum(x, axes, keepdims=k)
        return onnx.ReduceSum(x, axes=axes, keepdims=k)
    raise ValueError(f"internal: unknown reduction {op}")


def reduce_mean(x, axes, keepdims=True):
    return _reduce("Mean", x, axes, keepdims)


def reduce_max(x, axes, keepdims=True):
    return _reduce("Max", x, axes, keepdims)


def reduce_sum(x, axes, keepdims=True):
    return _reduce("Sum", x, axes, keepdims)


# ---- clamping --------------------------------------------------------------

def clip(x, lo, hi):
    """min(max(x, lo), hi) with compile-time bounds (either may be None)."""
    dt = _native.dtype_of(x)
    # ONNX Runtime implements Clip-11 for float32 only: other types use
    # Max and Min below opset 12
    if _OPSET >= 12 or (_OPSET >= 11 and dt == _native.float32):
        return onnx.Clip(x, None if lo is None else T._to(lo, dt), None if hi is None else T._to(hi, dt))
    if _OPSET < 11 and dt == _native.float32:
        if lo is None:
            return onnx.Clip(x, max=hi)
        if hi is None:
            return onnx.Clip(x, min=lo)
        return onnx.Clip(x, min=lo, max=hi)
    y = x
    if lo is not None:
        y = onnx.Max(y, T._to(lo, dt))
    if hi is not None:
        y = onnx.Min(y, T._to(hi, dt))
    return y


# ---- padding ---------------------------------------------------------------

def pad_onnx(x, begins, ends, mode="constant", value=0):
    """onnx.Pad with per-axis BEGINS and ENDS (lists as long as x's rank);
    MODE is ONNX's: constant, reflect or edge."""
    pads = list(begins) + list(ends)
    if not all(_native.is_static(p) for p in pads):
        # amounts known only at run time: the pads input computed in the graph
        if _OPSET < 11:
            need_opset(11, "padding by an amount known only at run time")
        pads = dims_tensor(pads)
    if _OPSET >= 11:
        if mode == "constant":
            return onnx.Pad(x, pads, T._to(value, _native.dtype_of(x)), mode=mode)
        return onnx.Pad(x, pads, mode=mode)
    if not _native.is_floating(_native.dtype_of(x)):
        need_opset(11, f"padding a {_native.dtype_of(x)} tensor")
    return onnx.Pad(x, pads=pads, mode=mode, value=float(value))


def reshape_keeping(x, lead, dims):
    """x reshaped to its first LEAD dimensions followed by DIMS; the kept
    ones are written as 0 (copy) so the target shape stays a constant when
    DIMS are known."""
    return onnx.Reshape(x, dims_tensor([0] * lead + list(dims)))


def dims_tensor(dims):
    """A 1-D int64 tensor of DIMS, whose entries may be run-time ints."""
    return T._shape_tensor(list(dims))
