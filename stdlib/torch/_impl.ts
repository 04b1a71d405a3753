# The torch functions, written over onnx.* operators.
#
# Conventions: every public function follows torch's signature; element
# types follow PyTorch's promotion rules (_native.result_type), so a Python
# number never changes a tensor's dtype (x + 3 on float32 stays float32);
# __opset__-dependent forms are chosen with _OPSET.
import onnx
import _native

_OPSET = _native.opset
_f32 = _native.float32
_f64 = _native.float64
_i64 = _native.int64
_i32 = _native.int32
_bool = _native.bool_


# ---- helpers ------------------------------------------------------------

def _dtype(x):
    return _native.dtype_of(x)


def _to(x, dtype):
    """x converted to element type dtype (a no-op when it already is)."""
    return _native.as_tensor(x, dtype)


def _promote(*values):
    """The values converted to their common PyTorch result type."""
    dt = _native.result_type(*values)
    return [_native.as_tensor(v, dt) for v in values]


def _floating(x):
    """x as a floating tensor: integer inputs of float functions become float32."""
    if _native.is_tensor(x) and _native.is_floating(_dtype(x)):
        return x
    return _native.as_tensor(x, _f32)


def _size_args(size):
    """f(2, 3) and f((2, 3)) both mean the size (2, 3)."""
    if len(size) == 1 and (isinstance(size[0], tuple) or isinstance(size[0], list)):
        return tuple(size[0])
    return tuple(size)


def _shape_tensor(shape):
    """A 1-D int64 tensor (or a constant list) holding shape, whose entries
    may be ints known only at run time."""
    if _native.is_static(shape):
        return list(shape)
    parts = []
    for d in shape:
        if _native.is_static(d):
            parts.append(_native.as_tensor([d], _i64))
        else:
            parts.append(_unsqueeze_axes(_native.as_tensor(d, _i64), [0]))
    return onnx.Concat(*parts, axis=0)


def _unsqueeze_axes(x, axes):
    if _OPSET >= 13:
        return onnx.Unsqueeze(x, axes)
    return onnx.Unsqueeze(x, axes=axes)


def _squeeze_axes(x, axes):
    if _OPSET >= 13:
        return onnx.Squeeze(x, axes)
    return onnx.Squeeze(x, axes=axes)


def _norm_dim(dim, rank):
    if dim < -rank or dim >= rank:
        if rank == 0 and (dim == 0 or dim == -1):
            return 0
        raise IndexError(f"Dimension out of range (expected to be in range of [{-rank}, {rank - 1}], but got {dim})")
    return dim + rank if dim < 0 else dim


# ---- arithmetic -----------------------------------------------------------

def add(input, other, *, alpha=1, out=None):
    a, b = _promote(input, other)
    if alpha != 1:
        b = onnx.Mul(b, alpha)
    return onnx.Add(a, b)


def sub(input, other, *, alpha=1, out=None):
    a, b = _promote(input, other)
    if alpha != 1:
        b = onnx.Mul(b, alpha)
    return onnx.Sub(a, b)


subtract = sub


def rsub(input, other, alpha=1):
    return sub(other, input, alpha=alpha)


def mul(input, other, *, out=None):
    a, b = _promote(input, other)
    if _dtype(a) == _bool:
        return onnx.And(a, b)
    return onnx.Mul(a, b)


multiply = mul


def div(input, other, *, rounding_mode=None, out=None):
    dt = _native.result_type(input, other)
    if rounding_mode is None:
        if not _native.is_floating(dt):
            dt = _f32
        return onnx.Div(_to(input, dt), _to(other, dt))
    a = _to(input, dt)
    b = _to(other, dt)
    if rounding_mode == "trunc":
        if _native.is_floating(dt):
            q = onnx.Div(a, b)
            return onnx.Mul(onnx.Sign(q), onnx.Floor(onnx.Abs(q)))
        return onnx.Div(a, b)
    if rounding_mode == "floor":
        if _native.is_floating(dt):
            return onnx.Floor(onnx.Div(a, b))
        # integer division truncates; step down where the signs differ
        # and the division is inexact
        q = onnx.Div(a, b)
        inexact = onnx.Not(onnx.Equal(onnx.Mul(q, b), a))
        neg = onnx.Xor(onnx.Less(a, _to(0, dt)), onnx.Less(b, _to(0, dt)))
        return onnx.Sub(q, onnx.Cast(onnx.And(inexact, neg), to=dt))
    raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{rounding_mode}'")


divide = div
true_divide = div


def floor_divide(input, other):
    return div(input, other, rounding_mode="floor")


def remainder(input, other):
    a, b = _promote(input, other)
    if _native.is_floating(_dtype(a)):
        return onnx.Sub(a, onnx.Mul(onnx.Floor(onnx.Div(a, b)), b))
    return onnx.Mod(a, b, fmod=0)


def fmod(input, other):
    a, b = _promote(input, other)
    return onnx.Mod(a, b, fmod=1)


def pow(input, exponent):
    a, b = _promote(input, exponent)
    if not _native.is_floating(_dtype(a)) and _OPSET < 12:
        return onnx.Cast(onnx.Pow(_to(a, _f32), _to(b, _f32)), to=_dtype(a))
    return onnx.Pow(a, b)


def neg(input):
    return onnx.Neg(input)


negative = neg


def abs(input):
    return onnx.Abs(input)


def reciprocal(input):
    return onnx.Reciprocal(_floating(input))


def sign(input):
    return onnx.Sign(input)


def matmul(input, other):
    a, b = _promote(input, other)
    return onnx.MatMul(a, b)


def mm(input, mat2):
    return matmul(input, mat2)


def bmm(input, mat2):
    return matmul(input, mat2)


# ---- comparisons ------------------------------------------------------------

def eq(input, other):
    a, b = _promote(input, other)
    return onnx.Equal(a, b)


def ne(input, other):
    return onnx.Not(eq(input, other))


def lt(input, other):
    a, b = _promote(input, other)
    return onnx.Less(a, b)


def gt(input, other):
    a, b = _promote(input, other)
    return onnx.Greater(a, b)


def le(input, other):
    a, b = _promote(input, other)
    if _OPSET >= 12:
        return onnx.LessOrEqual(a, b)
    return onnx.Not(onnx.Greater(a, b))


def ge(input, other):
    a, b = _promote(input, other)
    if _OPSET >= 12:
        return onnx.GreaterOrEqual(a, b)
    return onnx.Not(onnx.Less(a, b))


def logical_and(input, other):
    return onnx.And(_to(input, _bool), _to(other, _bool))


def logical_or(input, other):
    return onnx.Or(_to(input, _bool), _to(other, _bool))


def logical_not(input):
    return onnx.Not(_to(input, _bool))


# ---- elementwise math -----------------------------------------------------

def exp(input):
    return onnx.Exp(_floating(input))


def log(input):
    return onnx.Log(_floating(input))


def log2(input):
    x = _floating(input)
    return onnx.Div(onnx.Log(x), 0.6931471805599453)


def log10(input):
    x = _floating(input)
    return onnx.Div(onnx.Log(x), 2.302585092994046)


def log1p(input):
    x = _floating(input)
    return onnx.Log(onnx.Add(x, 1.0))


def sqrt(input):
    return onnx.Sqrt(_floating(input))


def rsqrt(input):
    return onnx.Reciprocal(onnx.Sqrt(_floating(input)))


def sin(input):
    return onnx.Sin(_floating(input))


def cos(input):
    return onnx.Cos(_floating(input))


def tan(input):
    return onnx.Tan(_floating(input))


def asin(input):
    return onnx.Asin(_floating(input))


def acos(input):
    return onnx.Acos(_floating(input))


def atan(input):
    return onnx.Atan(_floating(input))


def sinh(input):
    return onnx.Sinh(_floating(input))


def cosh(input):
    return onnx.Cosh(_floating(input))


def tanh(input):
    return onnx.Tanh(_floating(input))


def sigmoid(input):
    return onnx.Sigmoid(_floating(input))


def relu(input):
    return onnx.Relu(input)


def erf(input):
    return onnx.Erf(_floating(input))


def floor(input):
    if not _native.is_floating(_dtype(input)):
        return input
    return onnx.Floor(input)


def ceil(input):
    if not _native.is_floating(_dtype(input)):
        return input
    return onnx.Ceil(input)


def round(input):
    if not _native.is_floating(_dtype(input)):
        return input
    return onnx.Round(input)


def softmax(input, dim=None, dtype=None):
    x = input if dtype is None else _to(input, dtype)
    x = _floating(x)
    rank = x.dim()
    if dim is None:
        dim = 0 if rank in (0, 1, 3) else 1
    if rank == 0:
        return onnx.Softmax(_unsqueeze_axes(x, [0]), axis=0)
    dim = _norm_dim(dim, rank)
    if _OPSET >= 13 or dim == rank - 1:
        return onnx.Softmax(x, axis=dim)
    # before opset 13 Softmax flattens the axes after `axis`: move dim last
    perm = list(range(rank))
    perm[dim] = rank - 1
    perm[rank - 1] = dim
    y = onnx.Softmax(onnx.Transpose(x, perm=perm), axis=rank - 1)
    return onnx.Transpose(y, perm=perm)


def log_softmax(input, dim=None, dtype=None):
    x = input if dtype is None else _to(input, dtype)
    x = _floating(x)
    rank = x.dim()
    if dim is None:
        dim = 0 if rank in (0, 1, 3) else 1
    dim = _norm_dim(dim, rank)
    if _OPSET >= 13 or dim == rank - 1:
        return onnx.LogSoftmax(x, axis=dim)
    perm = list(range(rank))
    perm[dim] = rank - 1
    perm[rank - 1] = dim
    y = onnx.LogSoftmax(onnx.Transpose(x, perm=perm), axis=rank - 1)
    return onnx.Transpose(y, perm=perm)


# ---- shapes ---------------------------------------------------------------

def reshape(input, shape):
    shape = tuple(shape)
    for d in shape:
        if _native.is_static(d) and d < -1:
            raise RuntimeError(f"invalid shape dimension {d}")
    return onnx.Reshape(input, _shape_tensor(shape))


def flatten(input, start_dim=0, end_dim=-1):
    rank = input.dim()
    if rank == 0:
        return reshape(input, (1,))
    start = _norm_dim(start_dim, rank)
    end = _norm_dim(end_dim, rank)
    if start > end:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if start == end:
        return input
    if start == 1 and end == rank - 1:
        return onnx.Flatten(input, axis=1)
    shape = [0] * start + [-1]
    for i in range(end + 1, rank):
        shape.append(input.size(i))
    return onnx.Reshape(input, _shape_tensor(shape))


def transpose(input, dim0, dim1):
    rank = input.dim()
    d0 = _norm_dim(dim0, rank)
    d1 = _norm_dim(dim1, rank)
    if d0 == d1:
        return input
    perm = list(range(rank))
    perm[d0] = d1
    perm[d1] = d0
    return onnx.Transpose(input, perm=perm)


swapaxes = transpose


def permute(input, dims):
    rank = input.dim()
    perm = [_norm_dim(d, rank) for d in dims]
    if sorted(perm) != list(range(rank)):
        raise RuntimeError("permute(): dims must be a permutation of the dimensions")
    return onnx.Transpose(input, perm=perm)


def t(input):
    if input.dim() < 2:
        return input
    return transpose(input, 0, 1)


def unsqueeze(input, dim):
    return _unsqueeze_axes(input, [_norm_dim(dim, input.dim() + 1)])


def squeeze(input, dim=None):
    if dim is None:
        if _OPSET >= 13:
            return onnx.Squeeze(input)
        return onnx.Squeeze(input)
    rank = input.dim()
    d = _norm_dim(dim, rank)
    size = input.size(d)
    if _native.is_static(size) and size != 1:
        return input
    return _squeeze_axes(input, [d])


def cat(tensors, dim=0, *, out=None):
    if _native.is_runtime_list(tensors):
        # a list built by a loop with a run-time trip count
        return _native.runtime_list_concat(tensors, dim, False)
    tensors = list(tensors)
    if len(tensors) == 0:
        raise RuntimeError("torch.cat(): expected a non-empty list of Tensors")
    ts = _promote(*tensors)
    if len(ts) == 1:
        return ts[0]
    rank = ts[0].dim()
    return onnx.Concat(*ts, axis=_norm_dim(dim, rank))


concat = cat
concatenate = cat


def stack(tensors, dim=0, *, out=None):
    if _native.is_runtime_list(tensors):
        return _native.runtime_list_concat(tensors, dim, True)
    tensors = list(tensors)
    rank = tensors[0].dim()
    d = _norm_dim(dim, rank + 1)
    return cat([unsqueeze(x, d) for x in tensors], d)


# ---- creation -------------------------------------------------------------

def _creation_dtype(dtype, default):
    return default if dtype is None else dtype


def zeros(*size, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    return full(_size_args(size), 0.0, dtype=_creation_dtype(dtype, _f32))


def ones(*size, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    return full(_size_args(size), 1.0, dtype=_creation_dtype(dtype, _f32))


def empty(*size, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None, out=None):
    return full(_size_args(size), 0.0, dtype=_creation_dtype(dtype, _f32))


def full(size, fill_value, *, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    size = tuple(size)
    if dtype is None:
        dtype = _native.result_type(fill_value)
        if isinstance(fill_value, float):
            dtype = _f32
    if _native.is_static(size) and _native.is_static(fill_value):
        return _native.full(size, fill_value, dtype)
    value = _native.tensor([0], dtype)
    base = onnx.ConstantOfShape(_shape_tensor(size), value=value)
    return onnx.Add(base, _to(fill_value, dtype))


def zeros_like(input, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    return full(input.shape, 0, dtype=_creation_dtype(dtype, _dtype(input)))


def ones_like(input, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    return full(input.shape, 1, dtype=_creation_dtype(dtype, _dtype(input)))


def empty_like(input, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    return zeros_like(input, dtype=dtype)


def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    return full(input.shape, fill_value, dtype=_creation_dtype(dtype, _dtype(input)))


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    if _native.is_tensor(data):
        return data if dtype is None else _to(data, dtype)
    return _native.tensor(data, dtype)


def as_tensor(data, dtype=None, device=None):
    return tensor(data, dtype=dtype)


def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    if end is None:
        end = start
        start = 0
    return _native.arange(start, end, step, dtype)


def is_tensor(obj):
    return _native.is_tensor(obj)


def is_floating_point(input):
    return _native.is_floating(_dtype(input))


def numel(input):
    return _native.numel(input)
