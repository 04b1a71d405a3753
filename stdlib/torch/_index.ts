# Tensor indexing and the functions that select or scatter elements.
#
# Reads (x[...]): ints, slices with steps (bounds may be run-time ints),
# None, Ellipsis, negative indices, bool masks and integer tensors or lists
# (advanced indexing, numpy's rules: the indexed dimensions are replaced by
# the broadcast shape of the indices, in place when the advanced indices are
# adjacent, else in front).  Basic indexing gives a view: writing into it
# writes into the tensor it was taken from.
#
# Writes (x[...] = v) are functional: the flat positions the index selects
# are found by indexing an arange of x's element count the same way, and v
# (broadcast, cast to x's dtype) is scattered there with ScatterElements; a
# bool mask with a scalar value is a Where.  The result is then written into
# x (see _native.assign), so every name bound to x sees it.
import onnx
import _native
import torch._impl as T
import torch._reduce as R

_OPSET = _native.opset
_i64 = _native.int64
_bool = _native.bool_
_INT64_MAX = 9223372036854775807


# ---- classifying an index ---------------------------------------------------

def _as_index_tensor(it):
    """An advanced index as an int64 or bool tensor."""
    if isinstance(it, list):
        t = _native.tensor(it, None) if _native.is_static(it) else T.tensor(it)
    else:
        t = it
    dt = T._dtype(t)
    if dt == _bool or dt == _native.uint8:
        return T._to(t, _bool)
    if _native.is_floating(dt):
        return T._error("tensors used as indices must be long, int, byte or bool tensors")
    return T._to(t, _i64)


def _items(index):
    """x[a, b] indexes with the tuple (a, b); x[a] with a alone."""
    return list(index) if isinstance(index, tuple) else [index]


def _consumed(it):
    """How many dimensions of the indexed tensor an item uses."""
    if it is None or it is Ellipsis:
        return 0
    if isinstance(it, bool):
        return 0
    if _native.is_tensor(it) and T._dtype(it) == _bool:
        return it.dim()
    return 1


def _expand_ellipsis(items, rank):
    n_ell = len([it for it in items if it is Ellipsis])
    if n_ell > 1:
        return T._error("an index can only have a single ellipsis ('...')")
    used = 0
    for it in items:
        used += _consumed(it)
    if used > rank and rank == 0:
        return T._error("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                        "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
    if used > rank:
        return T._error(f"too many indices for tensor of dimension {rank}")
    out = []
    for it in items:
        if it is Ellipsis:
            out += [slice(None, None, None)] * (rank - used)
        else:
            out.append(it)
    if n_ell == 0:
        out += [slice(None, None, None)] * (rank - used)
    return out


def _check_int(i, size, dim):
    if _native.is_static(i) and size is not None and (i >= size or i < -size):
        return T._error(f"index {i} is out of bounds for dimension {dim} with size {size}")
    return i


# ---- reads ------------------------------------------------------------------

def _slice_parts(x, items):
    """One Slice for the slice items and the static ints (as i:i+1), the
    axes the ints remove, and Gathers for run-time ints."""
    starts, ends, axes, steps = [], [], [], []
    drop = []
    y = x
    gathers = []
    for d, it in enumerate(items):
        if isinstance(it, slice):
            step = 1 if it.step is None else it.step
            if _native.is_static(step) and step <= 0:
                return T._error("step must be greater than zero")
            full = it.stop is None or (not _native.is_static(it.stop) and _native.same_size(it.stop, x, d))
            if (it.start is None or (_native.is_static(it.start) and it.start == 0)) and full and \
                    _native.is_static(step) and step == 1:
                continue
            starts.append(0 if it.start is None else it.start)
            ends.append(_INT64_MAX if it.stop is None else it.stop)
            axes.append(d)
            steps.append(step)
        else:
            i = _check_int(it, T._static_size(x, d), d)
            drop.append(d)
            if _native.is_static(i):
                starts.append(i)
                ends.append(i + 1 if i != -1 else _INT64_MAX)
                axes.append(d)
                steps.append(1)
            else:
                gathers.append((d, i))
    if len(axes) > 0:
        y = T._slice(y, starts, ends, axes, steps)
    for d, i in gathers:
        y = onnx.Gather(y, T._unsqueeze_axes(T._to(i, _i64), [0]), axis=d)
    return y, drop


def _basic(x, items):
    """x[items] where items are ints, slices and None only."""
    core = [it for it in items if it is not None]
    y, drop = _slice_parts(x, core)
    if len(drop) > 0:
        y = T._squeeze_axes(y, drop)
    new_axes = []
    pos = 0
    for it in items:
        if it is None:
            new_axes.append(pos)
            pos += 1
        elif isinstance(it, slice):
            pos += 1
    if len(new_axes) > 0:
        y = T._unsqueeze_axes(y, new_axes)
    return y


def _normalize_negative(idx, size):
    """Negative indices count from the end (Gather accepts them, GatherND
    is given non-negative ones)."""
    zero = T._to(0, _i64)
    return onnx.Where(onnx.Less(idx, zero), onnx.Add(idx, T._to(size, _i64)), idx)


def _advanced(x, items):
    """x[items] with at least one tensor index.  As in PyTorch, ints select
    first (their dimensions go away), then the tensor indices broadcast
    together; their shape replaces the indexed dimensions in place when the
    tensor indices are adjacent (nothing but other tensor indices between
    them), else it goes in front."""
    basic = []          # ints, slices and None for _basic; tensor positions as ':'
    adv = []            # (dimension of the basic result, index tensor)
    slot = 0
    for it in items:
        if it is None or isinstance(it, slice):
            basic.append(it)
            slot += 1
        elif isinstance(it, int):
            basic.append(it)
        elif _native.is_tensor(it) or isinstance(it, list):
            t = _as_index_tensor(it)
            if t is None:
                return None
            if T._dtype(t) == _bool:
                nz = onnx.NonZero(t)
                for j in range(t.dim()):
                    adv.append((slot, T._squeeze_axes(T._slice(nz, [j], [j + 1], [0]), [0])))
                    basic.append(slice(None, None, None))
                    slot += 1
            else:
                adv.append((slot, t))
                basic.append(slice(None, None, None))
                slot += 1
        else:
            return T._error(f"only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
                            f"are valid indices (got {type(it).__name__})")
    y = _basic(x, basic)
    yr = slot
    dims = [d for d, _ in adv]
    if len(adv) == 1:
        # one index: Gather puts its shape in place of the dimension
        return onnx.Gather(y, adv[0][1], axis=dims[0])
    adjacent = dims == list(range(dims[0], dims[0] + len(dims)))
    idxs = [_normalize_negative(t, y.size(d)) for d, t in adv]
    # broadcast the indices, move the indexed dims first, GatherND
    zero = None
    for t in idxs:
        z = onnx.Mul(t, T._to(0, _i64))
        zero = z if zero is None else onnx.Add(zero, z)
    idxs = [onnx.Add(t, zero) for t in idxs]
    brank = zero.dim()
    rest = [i for i in range(yr) if i not in dims]
    perm = dims + rest
    yt = y if perm == list(range(yr)) else onnx.Transpose(y, perm=perm)
    ind = onnx.Concat(*[T._unsqueeze_axes(t, [brank]) for t in idxs], axis=brank)
    g = onnx.GatherND(yt, ind)
    if not adjacent:
        return g
    # adjacent tensor indices: the broadcast dims go where the first was
    before = len([i for i in rest if i < dims[0]])
    if before == 0:
        return g
    n = g.dim()
    order = list(range(brank, brank + before)) + list(range(brank)) + list(range(brank + before, n))
    return onnx.Transpose(g, perm=order)


def _has_advanced(items):
    for it in items:
        if _native.is_tensor(it) or isinstance(it, list):
            return True
    return False


def _getitem(x, index):
    items = _items(index)
    for it in items:
        if isinstance(it, bool):
            return T._error("indexing with a Python bool (x[True]) is not supported yet")
        if isinstance(it, str) or isinstance(it, float):
            return T._error(f"only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                            f"Variables are valid indices (got {type(it).__name__})")
    items = _expand_ellipsis(items, x.dim())
    if items is None:
        return None
    if _has_advanced(items):
        return _advanced(x, items)
    y = _basic(x, items)
    return T._view(y, x, lambda b: _getitem(b, index), lambda b, v: _index_put(b, index, v))


# ---- writes -----------------------------------------------------------------

def _write(x, new):
    """In-place: x now holds NEW (cast to x's dtype); a view passes the write
    on to the tensor it was taken from."""
    _native.assign(x, new)
    info = _native.view_info(x)
    if info is not None:
        base, inverse = info
        nb = inverse(base, x)
        if nb is not None:
            _write(base, nb)
            _native.view_sync(x)
    return x


def _check_inplace(x, new, name):
    """PyTorch refuses an in-place result that does not fit x."""
    if not _native.is_floating(T._dtype(x)) and _native.is_floating(T._dtype(new)):
        return T._error(f"{name}: result type {T._dtype(new)} can't be cast to the desired output "
                        f"type {T._dtype(x)}")
    if new.dim() != x.dim():
        return T._error(f"{name}: output with shape {_native.shape_text(x)} doesn't match the "
                        f"broadcast shape {_native.shape_text(new)}")
    return new


def _inplace(x, new, name):
    """The in-place form of an operation: x.add_(y) is _inplace(x, x + y)."""
    if _check_inplace(x, new, name) is None:
        return None
    return _write(x, T._to(new, T._dtype(x)))


def _flat_positions(x):
    """arange(numel) shaped like x, int64: x's elements' flat positions."""
    shape = _native.static_shape(x)
    if shape is not None:
        n = 1
        for s in shape:
            n = n * s
        ids = onnx.Range(T._to(0, _i64), T._to(n, _i64), T._to(1, _i64)) if n > 65536 else \
            _native.arange(0, n, 1, _i64)
        return onnx.Reshape(ids, list(shape))
    n = onnx.Size(x)
    ids = onnx.Range(T._to(0, _i64), n, T._to(1, _i64))
    return T._with_shape(onnx.Reshape(ids, onnx.Shape(x)), x)


def _is_mask_write(x, items, v):
    if len(items) != 1 or not _native.is_tensor(items[0]) or T._dtype(items[0]) != _bool:
        return False
    if items[0].dim() != x.dim():
        return False
    return _native.is_static(v) and not _native.is_tensor(v) or (_native.is_tensor(v) and v.dim() == 0)


def _index_put(x, index, value):
    """x with x[index] = value, functionally."""
    items = _items(index)
    dt = T._dtype(x)
    if _native.is_tensor(value) or _native.is_static(value) or isinstance(value, int) \
            or isinstance(value, float):
        v = T._to(value, dt)
    else:
        return T._error(f"can't assign a {type(value).__name__} to a Tensor")
    if _is_mask_write(x, items, value):
        return T.where(items[0], v, x)
    sel = _getitem(_flat_positions(x), index)
    if sel is None:
        return None
    vb = onnx.Expand(v, onnx.Shape(sel))
    flat = onnx.Reshape(x, [-1])
    out = onnx.ScatterElements(flat, onnx.Reshape(sel, [-1]), onnx.Reshape(vb, [-1]), axis=0)
    return T._reshape_to(out, x)


def _setitem(x, index, value):
    new = _index_put(x, index, value)
    if new is None:
        return None
    _write(x, new)
    return None


# ---- selecting --------------------------------------------------------------

@T._method
def index_select(input, dim, index):
    d = T._norm_dim(dim, input.dim())
    idx = _as_index_tensor(index)
    if idx is None:
        return None
    if idx.dim() > 1:
        return T._error("index_select(): Index is supposed to be a vector")
    return onnx.Gather(input, idx, axis=d)


@T._method
def select(input, dim, index):
    d = T._norm_dim(dim, input.dim())
    i = _check_int(index, T._static_size(input, d), d)
    items = [slice(None, None, None)] * d + [i]
    return _getitem(input, tuple(items))


@T._method
def narrow(input, dim, start, length):
    d = T._norm_dim(dim, input.dim())
    if _native.is_tensor(start):
        start = _native.to_scalar(start)
    n = T._static_size(input, d)
    if _native.is_static(start) and start < 0 and n is not None:
        start = start + n
    if _native.is_static(start) and _native.is_static(length) and n is not None and start + length > n:
        return T._error(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    items = [slice(None, None, None)] * d + [slice(start, start + length, None)]
    return _getitem(input, tuple(items))


def _split_sizes(input, d, split_size_or_sections, name):
    n = T._static_size(input, d)
    if isinstance(split_size_or_sections, int):
        s = T._static_int(split_size_or_sections, "split_size")
        if n is None:
            return T._error(f"{name}() of a dimension whose size is known only at run time is not "
                            "supported yet: the number of pieces must be known")
        if s <= 0:
            return [n] if s == 0 and n == 0 else T._error(f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}")
        sizes = [s] * (n // s)
        if n % s != 0:
            sizes.append(n % s)
        return sizes if len(sizes) > 0 else [0]
    sizes = list(split_size_or_sections)
    for v in sizes:
        if isinstance(v, bool) or not isinstance(v, int):
            return T._error(f"'split_sizes' must be a list of ints, found {type(v).__name__}")
    if not all(_native.is_static(v) for v in sizes):
        # sizes known only at run time (boxes per image): as many pieces as
        # sizes; that they add up to the dimension is not checked
        return sizes
    if n is not None:
        total = 0
        for v in sizes:
            total += v
        if total != n:
            return T._error(f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's "
                            f"size at dimension {d}), but got split_sizes={sizes}")
    return sizes


def _split_pieces(input, sizes, d):
    if len(sizes) == 1:
        return (input,)
    starts = [0]
    for s in sizes:
        starts.append(starts[-1] + s)
    return tuple(narrow(input, d, starts[i], sizes[i]) for i in range(len(sizes)))


def _imax(a, b):
    # int64 Max and Min need opset 12; Where works from 9
    return onnx.Where(onnx.Less(a, b), b, a)


def _imin(a, b):
    return onnx.Where(onnx.Less(a, b), a, b)


def _split_runtime(input, s, d, name):
    # pieces of s along d, whose size is known only at run time, as a
    # run-time list: PyTorch's pieces are s, s, ..., the rest, and one empty
    # piece of an empty axis (SplitToSequence alone would give none)
    s = T._static_int(s, "split_size")
    if s <= 0:
        return T._error(f"{name}() with a split size of {s} on a dimension whose size is known only at run "
                        "time: PyTorch accepts 0 only for an empty dimension, which is not known here")
    n = T._to(input.size(d), _i64)
    count = _imax(onnx.Div(onnx.Add(n, T._to(s - 1, _i64)), T._to(s, _i64)), T._to(1, _i64))
    starts = onnx.Mul(onnx.Range(T._to(0, _i64), count, T._to(1, _i64)), T._to(s, _i64))
    sizes = _imin(onnx.Sub(n, starts), T._to(s, _i64))
    return _native.split_to_list(input, sizes, d)


def split(tensor, split_size_or_sections, dim=0):
    d = T._norm_dim(dim, tensor.dim())
    if isinstance(split_size_or_sections, int) and T._static_size(tensor, d) is None:
        return _split_runtime(tensor, split_size_or_sections, d, "split")
    sizes = _split_sizes(tensor, d, split_size_or_sections, "split")
    if sizes is None:
        return None
    return _split_pieces(tensor, sizes, d)


@T._method
def tensor_split(input, indices_or_sections=None, dim=0, *, sections=None, indices=None,
                 tensor_indices_or_sections=None):
    # PyTorch's overloads: by position, or one of sections=, indices=,
    # tensor_indices_or_sections= by keyword
    given = [a for a in (indices_or_sections, sections, indices, tensor_indices_or_sections) if a is not None]
    if len(given) != 1:
        raise TypeError("tensor_split() expects one of indices_or_sections, sections, indices or "
                        "tensor_indices_or_sections")
    indices_or_sections = given[0]
    if _native.is_tensor(indices_or_sections):
        t = indices_or_sections
        if T._dtype(t) != _i64 or t.dim() > 1:
            raise RuntimeError("tensor_split expected tensor_indices_or_sections to have dtype of long, but "
                               f"got {t.dtype}" if T._dtype(t) != _i64 else
                               "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                               f"one-dimensional tensor, but got a tensor with {t.dim()} dims")
        values = _native.tolist(t)
        if values is None:
            return T._error("tensor_split() with sections or indices known only when the graph runs is not "
                            "supported yet")
        indices_or_sections = values
    d = T._norm_dim(dim, input.dim())
    if isinstance(indices_or_sections, int):
        k = indices_or_sections
        if k <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {k}")
        n = T._static_size(input, d)
        if n is None:
            return T._error("tensor_split() into sections of a dimension whose size is known only at run time "
                            "is not supported yet")
        sizes = [n // k + (1 if i < n % k else 0) for i in range(k)]
        return _split_pieces(input, sizes, d)
    # indices: piece i is input[..., cuts[i]:cuts[i + 1]] sliced as Python
    # slices (negative indices wrap, both ends clamp), so decreasing indices
    # give empty and overlapping pieces, as in PyTorch
    cuts = [0] + list(indices_or_sections) + [None]
    lead = (slice(None),) * d
    return tuple(input[lead + (slice(cuts[i], cuts[i + 1]),)] for i in range(len(cuts) - 1))


@T._method
def chunk(input, chunks, dim=0):
    d = T._norm_dim(dim, input.dim())
    chunks = T._static_int(chunks, "chunks")
    if chunks <= 0:
        return T._error(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    n = T._static_size(input, d)
    if n is None:
        # pieces of ceil(n / chunks): as many as that gives (PyTorch may
        # return fewer than chunks), one empty piece of an empty axis
        n = T._to(input.size(d), _i64)
        size = _imax(onnx.Div(onnx.Add(n, T._to(chunks - 1, _i64)), T._to(chunks, _i64)), T._to(1, _i64))
        count = _imax(onnx.Div(onnx.Sub(onnx.Add(n, size), T._to(1, _i64)), size), T._to(1, _i64))
        starts = onnx.Mul(onnx.Range(T._to(0, _i64), count, T._to(1, _i64)), size)
        return _native.split_to_list(input, _imin(onnx.Sub(n, starts), size), d)
    size = (n + chunks - 1) // chunks
    return split(input, size if size > 0 else 1, d)


@T._method
def unbind(input, dim=0):
    d = T._norm_dim(dim, input.dim())
    n = T._static_size(input, d)
    if n is None:
        return _native.split_to_list(input, None, d)
    return tuple(select(input, d, i) for i in range(n))


def gather(input, dim, index, *, sparse_grad=False, out=None):
    d = T._norm_dim(dim, input.dim())
    idx = T._to(index, _i64)
    if idx.dim() != input.dim():
        return T._error(f"gather(): Index tensor must have the same number of dimensions as input tensor")
    return onnx.GatherElements(input, idx, axis=d)


@T._method
def take_along_dim(input, indices, dim=None):
    if dim is None:
        return gather(onnx.Reshape(input, [-1]), 0, onnx.Reshape(indices, [-1]))
    return gather(input, dim, indices)


def _scatter_src(input, index, src):
    if _native.is_tensor(src):
        return T._to(src, T._dtype(input))
    return onnx.Expand(T._to(src, T._dtype(input)), onnx.Shape(index))


@T._method
def scatter(input, dim, index, src=None, *, value=None, reduce=None):
    d = T._norm_dim(dim, input.dim())
    if src is None:
        src = value
    idx = T._to(index, _i64)
    s = _scatter_src(input, idx, src)
    if _native.static_shape(s) is not None and _native.static_shape(idx) is not None and \
            _native.static_shape(s) != _native.static_shape(idx):
        s = T._slice(s, [0] * idx.dim(), list(_native.static_shape(idx)), list(range(idx.dim())))
    if reduce is None:
        return onnx.ScatterElements(input, idx, s, axis=d)
    mode = {"add": "add", "multiply": "mul", "sum": "add", "prod": "mul"}.get(reduce)
    if mode is None:
        return T._error(f"scatter(): reduce argument must be either add or multiply, found '{reduce}'")
    if _OPSET < 16:
        if mode == "add":
            return _scatter_add_onehot(input, d, idx, s)
        return T._error("scatter() with reduce='multiply' needs opset 16 or later")
    return onnx.ScatterElements(input, idx, s, axis=d, reduction=mode)


def _scatter_add_onehot(input, d, idx, src):
    """scatter_add before opset 16 (ScatterElements has no reduction):
    one-hot the index along DIM and sum the source through it.  Needs the
    index to have the input's shape outside DIM."""
    n = T._static_size(input, d)
    depth = T._to([n], _i64) if n is not None else T._unsqueeze_axes(T._to(input.size(d), _i64), [0])
    dt = T._dtype(input)
    values = T._to([0, 1], dt)
    oh = onnx.OneHot(idx, depth, values, axis=-1)                     # index.shape + [S]
    contrib = onnx.Mul(oh, T._unsqueeze_axes(src, [idx.dim()]))
    r = idx.dim()
    summed = onnx.ReduceSum(contrib, [d], keepdims=1) if _OPSET >= 13 else \
        onnx.ReduceSum(contrib, axes=[d], keepdims=1)                  # 1 at d, S last
    perm = list(range(r + 1))
    perm[d] = r
    perm[r] = d
    moved = T._squeeze_axes(onnx.Transpose(summed, perm=perm), [r])
    return onnx.Add(input, moved)


@T._method
def scatter_add(input, dim, index, src):
    return scatter(input, dim, index, src, reduce="add")


@T._method
def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    if not include_self:
        return T._error("scatter_reduce(include_self=False) is not supported yet")
    mode = {"sum": "add", "prod": "mul", "amax": "max", "amin": "min"}.get(reduce)
    if mode is None:
        return T._error(f"scatter_reduce(): reduce argument must be one of sum, prod, amax, amin, got '{reduce}'")
    d = T._norm_dim(dim, input.dim())
    idx = T._to(index, _i64)
    if mode in ("max", "min") and _OPSET < 18:
        return T._error(f"scatter_reduce(reduce='{reduce}') needs opset 18 or later")
    if _OPSET < 16:
        if mode == "add":
            return _scatter_add_onehot(input, d, idx, T._to(src, T._dtype(input)))
        return T._error(f"scatter_reduce(reduce='{reduce}') needs opset 16 or later")
    return onnx.ScatterElements(input, idx, T._to(src, T._dtype(input)), axis=d, reduction=mode)


def _index_along(input, d, index, src_shape_like):
    """The index of index_copy/index_fill expanded to the shape of the source:
    entry i of INDEX along dimension d, every position elsewhere."""
    idx = _as_index_tensor(index)
    if idx is None:
        return None
    if idx.dim() > 1:
        return T._error("index_copy_(): Index should have dimension 1 or 0")
    rank = input.dim()
    shape = [1] * rank
    shape[d] = -1
    col = onnx.Reshape(idx, shape)
    return onnx.Expand(col, onnx.Shape(src_shape_like))


@T._method
def index_copy(input, dim, index, source):
    d = T._norm_dim(dim, input.dim())
    src = T._to(source, T._dtype(input))
    idx = _index_along(input, d, index, src)
    if idx is None:
        return None
    return onnx.ScatterElements(input, idx, src, axis=d)


@T._method
def index_fill(input, dim, index, value):
    d = T._norm_dim(dim, input.dim())
    idx = _as_index_tensor(index)
    if idx is None:
        return None
    if _native.is_tensor(value) and value.dim() > 0:
        return T._error(f"index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                        f"{value.dim()} dimension(s).")
    # the rows to fill have the input's shape with dimension d cut to len(index)
    sel = onnx.Gather(input, onnx.Reshape(idx, [-1]), axis=d)
    fill = onnx.Expand(T._to(value, T._dtype(input)), onnx.Shape(sel))
    pos = _index_along(input, d, onnx.Reshape(idx, [-1]), sel)
    return onnx.ScatterElements(input, pos, fill, axis=d)


@T._method
def index_add(input, dim, index, source, *, alpha=1):
    d = T._norm_dim(dim, input.dim())
    src = T._to(source, T._dtype(input))
    if alpha != 1:
        src = T.mul(src, alpha)
    idx = _index_along(input, d, index, src)
    if idx is None:
        return None
    if _OPSET < 16:
        return _scatter_add_onehot(input, d, idx, src)
    return onnx.ScatterElements(input, idx, src, axis=d, reduction="add")


@T._method
def masked_fill(input, mask, value):
    if _native.is_tensor(value) and value.dim() > 0:
        return T._error(f"masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                        f"{value.dim()} dimension(s).")
    if T._dtype(mask) != _bool:
        return T._error(f"masked_fill_ only supports boolean masks, but got mask with dtype {T._dtype(mask)}")
    return T.where(mask, T._to(value, T._dtype(input)), input)


@T._method
def masked_select(input, mask):
    m = onnx.Expand(T._to(mask, _bool), onnx.Shape(input)) if mask.dim() < input.dim() else mask
    x = onnx.Expand(input, onnx.Shape(m))
    return onnx.GatherND(x, onnx.Transpose(onnx.NonZero(m), perm=[1, 0]))


@T._method
def masked_scatter(input, mask, source):
    """The elements of SOURCE, in order, where MASK (broadcast with INPUT)
    holds: the k-th true position takes source.flatten()[k], k from a
    CumSum of the flat mask (opset 11).  Too few source elements are
    PyTorch's error at run time; here the Gather fails."""
    if T._dtype(input) != T._dtype(source):
        raise RuntimeError("masked_scatter: expected self and source to have same dtypes but got"
                           f"{T._TYPE_NAME[T._dtype(input)]} and {T._TYPE_NAME[T._dtype(source)]}")
    if _OPSET < 11:
        return T._error("masked_scatter needs opset 11 or later (CumSum)")
    m = onnx.Expand(T._to(mask, _bool), onnx.Shape(input))
    x = onnx.Expand(input, onnx.Shape(m))
    flat = onnx.Reshape(m, [-1])
    k = onnx.Sub(onnx.CumSum(T._to(flat, _i64), T._to(0, _i64)), T._to(1, _i64))
    k = onnx.Where(onnx.Less(k, T._to(0, _i64)), T._to(0, _i64), k)
    picked = onnx.Gather(onnx.Reshape(source, [-1]), k, axis=0)
    return onnx.Where(m, T._reshape_to(picked, x), x)


@T._method
def take(input, index):
    return onnx.Gather(onnx.Reshape(input, [-1]), _normalize_negative(T._to(index, _i64), onnx.Size(input)), axis=0)


def bucketize(input, boundaries, *, out_int32=False, right=False):
    """The number of BOUNDARIES below each element (right=True: not above
    it), counted as a ReduceSum of a comparison with every boundary.  The
    counts are of !(b >= x) and !(b > x), so a NaN lands past the last
    boundary, as PyTorch's binary search puts it."""
    if boundaries.dim() != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.dim()})")
    x, b = T._promote(input, boundaries)
    e = T._unsqueeze_axes(x, [x.dim()])
    if right:
        below = onnx.Not(onnx.Greater(b, e))
    else:
        below = onnx.Less(b, e)
        if _native.is_floating(T._dtype(x)):
            below = onnx.Or(below, onnx.IsNaN(e))
    n = R._reduce(onnx.ReduceSum, T._to(below, _i64), [x.dim()], False)
    return T._to(n, _native.int32 if out_int32 else _i64)
