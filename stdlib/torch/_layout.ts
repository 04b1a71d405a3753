# Functions that rearrange elements: repeat_interleave, meshgrid,
# broadcast_tensors, Tensor.unfold, strides and as_strided, diagonal,
# movedim's relatives, and the unsafe_* aliases of split and chunk.
#
# Strides: tensors here hold values, not memory.  A tensor that is not a
# view (a function's result, an input, a parameter) is contiguous in
# PyTorch, so its strides are those of its contiguous layout; a view
# (transpose, slice, expand, and also view/reshape) may not be, and
# stride() refuses it rather than guess.  as_strided() reads the
# contiguous layout, from offset 0 unless told otherwise.
import onnx
import _native

# torch's names (Tensor.unfold is a method only: torch.unfold does not exist)
__all__ = ["repeat_interleave", "meshgrid", "broadcast_tensors", "broadcast_shapes", "as_strided", "diagonal",
           "unsafe_chunk", "unsafe_split", "unsafe_split_with_sizes", "split_with_sizes"]
import torch._impl as T
import torch._index as I

_OPSET = _native.opset
_i64 = _native.int64
_bool = _native.bool_
_FLOAT_NAMES = {_native.float32: "Float", _native.float64: "Double", _native.float16: "Half",
                _native.bfloat16: "BFloat16"}


# ---- repeat_interleave ------------------------------------------------------

def _uniform_repeat(x, d, r):
    """Each slice of X along D repeated R times (R an int, maybe known only
    at run time): unsqueeze after D, expand, merge.  A new tensor, as
    PyTorch's: writing into it changes neither X nor (as it would through
    the expand) several elements at once."""
    sizes = [x.size(i) for i in range(x.dim())]
    y = T.unsqueeze(x, d + 1)
    y = T.expand(y, sizes[:d + 1] + [r] + sizes[d + 1:])
    return _native.copy(T.reshape(y, sizes[:d] + [sizes[d] * r] + sizes[d + 1:]))


def _interleave_indices(reps, output_size):
    """For 1-D int64 REPS, the source index of every output position:
    position t comes from the j with cumsum(reps)[j-1] <= t < cumsum(reps)[j]
    (the number of running sums at or below t)."""
    if _native.is_static(reps):
        counts = _native.tolist(reps)
        idx = []
        for j, c in enumerate(counts):
            idx = idx + [j] * c
        return _native.tensor(idx, _i64)
    if _OPSET < 11:
        return T._error("repeat_interleave() with repeats known only at run time needs opset 11 or later")
    ends = onnx.CumSum(reps, T._to(0, _i64))
    total = output_size if output_size is not None else \
        _native.to_scalar(T._squeeze_axes(T._slice(ends, [-1], [T._INT64_MAX], [0]), [0]))
    pos = T.arange(total)
    below = onnx.LessOrEqual(T._unsqueeze_axes(ends, [0]), T._unsqueeze_axes(pos, [1])) if _OPSET >= 12 \
        else onnx.Not(onnx.Greater(T._unsqueeze_axes(ends, [0]), T._unsqueeze_axes(pos, [1])))
    return onnx.ReduceSum(T._to(below, _i64), [1], keepdims=0) if _OPSET >= 13 else \
        onnx.ReduceSum(T._to(below, _i64), axes=[1], keepdims=0)


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    if repeats is None:
        # repeat_interleave(repeats): the indices 0.. each repeated
        if input.dim() > 1:
            raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
        if _native.is_floating(T._dtype(input)):
            raise RuntimeError(f"\"repeat_interleave_cpu\" not implemented for '{_FLOAT_NAMES[T._dtype(input)]}'")
        return _interleave_indices(T._to(input, _i64), output_size)
    x = input
    if dim is None:
        x = T.reshape(input, (-1,))
        d = 0
    else:
        d = T._norm_dim(dim, input.dim())
    if x.dim() == 0:
        x = T.reshape(x, (1,))
    if not _native.is_tensor(repeats):
        if _native.is_static(repeats) and repeats < 0:
            raise RuntimeError("repeats can not be negative")
        return _uniform_repeat(x, d, repeats)
    if repeats.dim() > 1:
        raise RuntimeError("repeats must be 0-dim or 1-dim tensor")
    if _native.is_floating(T._dtype(repeats)):
        raise RuntimeError(f"\"repeat_interleave_cpu\" not implemented for '{_FLOAT_NAMES[T._dtype(repeats)]}'")
    reps = T._to(repeats, _i64)
    n_reps = T._static_size(reps, 0) if reps.dim() == 1 else 1
    if reps.dim() == 0 or n_reps == 1:
        if _native.is_static(reps):
            r = _native.tolist(reps)
            if isinstance(r, list):
                r = r[0]
            if r < 0:
                raise RuntimeError("repeats can not be negative")
            return _uniform_repeat(x, d, r)
        return _uniform_repeat(x, d, _native.to_scalar(T.reshape(reps, ())))
    n = T._static_size(x, d)
    if n_reps is not None and n is not None and n_reps != n:
        raise RuntimeError("repeats must have the same size as input along dim")
    if _native.is_static(reps) and len([c for c in _native.tolist(reps) if c < 0]) > 0:
        raise RuntimeError("repeats can not be negative")
    idx = _interleave_indices(reps, output_size)
    return onnx.Gather(x, idx, axis=d)


# ---- meshgrid and broadcast_tensors ------------------------------------------

def meshgrid(*tensors, indexing=None):
    if len(tensors) == 1 and (isinstance(tensors[0], list) or isinstance(tensors[0], tuple)):
        tensors = tuple(tensors[0])
    if len(tensors) == 0:
        raise RuntimeError("torch.meshgrid expects a non-empty TensorList")
    if indexing is None:
        indexing = "ij"
    if indexing != "ij" and indexing != "xy":
        raise RuntimeError(f"torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {indexing}")
    dt = T._dtype(tensors[0])
    for t in tensors:
        if t.dim() > 1:
            # PyTorch prints the tensor's values after "got:"; here its rank
            raise RuntimeError(f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {t.dim()}D")
        if T._dtype(t) != dt:
            raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    flat = [T.reshape(t, (-1,)) for t in tensors]
    n = len(flat)
    # 'xy' is 'ij' with the first two inputs' axes swapped
    axes = list(range(n))
    if indexing == "xy" and n >= 2:
        axes[0] = 1
        axes[1] = 0
    sizes = [0] * n
    for i in range(n):
        sizes[axes[i]] = flat[i].size(0)
    outs = []
    for i in range(n):
        shape = [1] * n
        shape[axes[i]] = -1
        outs.append(T.expand(T.reshape(flat[i], shape), sizes))
    return tuple(outs)


def _broadcast_shape(shapes):
    rank = 0
    for s in shapes:
        rank = max(rank, len(s))
    out = []
    for k in range(rank):
        size = 1
        for s in shapes:
            j = k - (rank - len(s))
            if j < 0:
                continue
            v = s[j]
            if _native.is_static(v) and v == 1:
                continue
            if _native.is_static(size) and _native.is_static(v) and size != 1 and size != v:
                raise RuntimeError(f"The size of tensor a ({size}) must match the size of tensor b ({v}) "
                                   f"at non-singleton dimension {k}")
            if _native.is_static(size) and size == 1:
                size = v
        out.append(size)
    return out


def broadcast_tensors(*tensors):
    if len(tensors) == 1 and (isinstance(tensors[0], list) or isinstance(tensors[0], tuple)):
        tensors = tuple(tensors[0])
    shape = _broadcast_shape([list(t.shape) for t in tensors])
    return tuple(T.expand(t, shape) for t in tensors)


def broadcast_shapes(*shapes):
    return tuple(_broadcast_shape([[s] if isinstance(s, int) else list(s) for s in shapes]))


# ---- windows over a dimension ----------------------------------------------

@T._method
def unfold(input, dimension, size, step):
    """Tensor.unfold: the windows of SIZE elements every STEP along DIMENSION,
    gathered into a new last dimension."""
    rank = input.dim()
    if rank == 0:
        return T._error("unfold() of a 0-d tensor is not supported yet")
    d = T._norm_dim(dimension, rank)
    size = T._static_int(size, "size")
    step = T._static_int(step, "step")
    n = T._static_size(input, d)
    if n is not None and size > n:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {n} but size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    if size < 0:
        raise RuntimeError(f"size is {size} but must be >= 0")
    count = (input.size(d) - size) // step + 1
    starts = T._unsqueeze_axes(T.mul(T.arange(count), step), [1])
    idx = onnx.Add(starts, T._unsqueeze_axes(T.arange(size), [0]))
    y = onnx.Gather(input, idx, axis=d)
    if d == rank - 1:
        return y
    perm = list(range(d + 1)) + list(range(d + 2, rank + 1)) + [d + 1]
    return onnx.Transpose(y, perm=perm)


# ---- strides ----------------------------------------------------------------

def _contiguous_strides(sizes):
    strides = []
    s = 1
    for v in reversed(list(sizes)):
        strides.insert(0, s)
        s = s * v
    return strides


def _stride(input, dim=None):
    """Tensor.stride(): the strides of the contiguous layout, for a tensor
    that is not a view and whose sizes are known."""
    if _native.view_info(input) is not None:
        return T._error("stride() of a view (transpose, slice, expand, view ...) is not supported yet: "
                        "its strides depend on the memory PyTorch shares, which the graph does not have")
    sizes = [input.size(i) for i in range(input.dim())]
    for s in sizes:
        if not _native.is_static(s):
            return T._error("stride() of a tensor whose sizes are known only at run time is not supported yet")
    strides = _contiguous_strides(sizes)
    if dim is None:
        return tuple(strides)
    return strides[T._norm_dim(dim, input.dim())]


@T._method
def as_strided(input, size, stride, storage_offset=None):
    """The elements at offset + sum(i_k * stride_k) of INPUT's contiguous
    layout, for every index (i_0, ...) of SIZE: one Gather."""
    size = [T._static_int(s, "size") for s in size]
    stride = [T._static_int(s, "stride") for s in stride]
    offset = 0 if storage_offset is None else T._static_int(storage_offset, "storage_offset")
    if len(size) != len(stride):
        raise RuntimeError(f"mismatch in length of strides and shape")
    for s in size:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {size}")
    for s in stride:
        if s < 0:
            raise RuntimeError("as_strided: Negative strides are not supported at the moment, got strides: "
                               f"{stride}")
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    needed = 0 if 0 in size else offset + 1 + sum([(s - 1) * st for s, st in zip(size, stride)])
    numel = T.numel(input)
    if _native.is_static(numel) and needed > numel:
        elem = input.element_size()
        raise RuntimeError(f"setStorage: sizes {size}, strides {stride}, storage offset {offset}, and itemsize "
                           f"{elem} requiring a storage size of {needed * elem} are out of bounds for storage "
                           f"of size {numel * elem}")
    idx = _native.full(tuple(size), offset, _i64)
    for k in range(len(size)):
        shape = [1] * len(size)
        shape[k] = size[k]
        idx = onnx.Add(idx, onnx.Reshape(_native.arange(0, size[k] * stride[k], stride[k], _i64)
                                         if stride[k] > 0 else _native.full((size[k],), 0, _i64), shape))
    flat = T.reshape(input, (-1,))
    return onnx.Gather(flat, idx, axis=0)


# ---- diagonals ------------------------------------------------------------

@T._method
def diagonal(input, offset=0, dim1=0, dim2=1):
    """The diagonal OFFSET of the planes (dim1, dim2), as a last dimension:
    a gather of the flattened plane at i * (cols + 1) + shift."""
    rank = input.dim()
    if rank < 2:
        raise RuntimeError(f"diagonal dimensions requires ndim larger than 1, but got {rank}")
    d1 = T._norm_dim(dim1, rank)
    d2 = T._norm_dim(dim2, rank)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    offset = T._static_int(offset, "offset")
    rest = [i for i in range(rank) if i != d1 and i != d2]
    x = onnx.Transpose(input, perm=rest + [d1, d2])
    rows = T._static_size(input, d1)
    cols = T._static_size(input, d2)
    if rows is None or cols is None:
        return T._error("diagonal() of planes whose size is known only at run time is not supported yet")
    if offset >= 0:
        n = max(0, min(rows, cols - offset))
        first = offset
    else:
        n = max(0, min(rows + offset, cols))
        first = -offset * cols
    lead = [input.size(i) for i in rest]
    flat = T.reshape(x, lead + [rows * cols])
    idx = _native.arange(first, first + n * (cols + 1), cols + 1, _i64) if n > 0 else _native.tensor([], _i64)
    return onnx.Gather(flat, idx, axis=len(rest))


# ---- aliases -------------------------------------------------------------

@T._method
def unsafe_chunk(input, chunks, dim=0):
    return I.chunk(input, chunks, dim)


@T._method
def unsafe_split(input, split_size, dim=0):
    return I.split(input, split_size, dim)


@T._method
def unsafe_split_with_sizes(input, split_sizes, dim=0):
    return I.split(input, list(split_sizes), dim)


@T._method
def split_with_sizes(input, split_sizes, dim=0):
    return I.split(input, list(split_sizes), dim)
