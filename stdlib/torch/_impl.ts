# The torch functions, written over onnx.* operators: helpers, arithmetic,
# comparisons, elementwise math, shapes and creation.  Reductions live in
# torch._reduce, indexing in torch._index, random numbers in torch._random.
#
# Conventions: every public function follows torch's signature; element
# types follow PyTorch's promotion rules (_native.result_type), so a Python
# number never changes a tensor's dtype (x + 3 on float32 stays float32);
# __opset__-dependent forms are chosen with _OPSET.
#
# Errors, in the whole stdlib (docs/design.md):
# - an error PyTorch itself raises is raised, with PyTorch's exception class
#   and message: `raise RuntimeError("...")`.  As in PyTorch, the model may
#   catch it, and a run-time branch that raises is dropped;
# - a limit of the exporter (PyTorch runs the call, tsc2onnx cannot export
#   it: an opset too old, a size known only at run time, an option not
#   supported yet) goes through _error() (_native.error() outside this
#   module): reported at the user's call, which evaluates to an error value,
#   and the compile goes on, so one run reports every limit it meets.
# Some older checks of PyTorch's errors in this module, torch._index and
# torch._reduce (a dim out of range, a wrong index) still use _error().
import onnx
import _native

_OPSET = _native.opset
_f32 = _native.float32
_f64 = _native.float64
_i64 = _native.int64
_i32 = _native.int32
_bool = _native.bool_
_INT64_MAX = 9223372036854775807
_INT64_MIN = -9223372036854775807 - 1


# ---- Tensor methods -----------------------------------------------------
# A function that is also a method of torch.Tensor with the same parameters
# (x.exp() is torch.exp(x), x.sum(1) is torch.sum(x, 1)) is marked @_method
# at its def (@T._method in torch._reduce and torch._index); torch._tensor
# installs every marked function in class Tensor under its own name.  A
# method that differs from its function (other parameters or defaults, in
# place, a property) is written in torch._tensor instead.

_METHODS = []


def _method(fn):
    _METHODS.append(fn)
    return fn


# ---- helpers ------------------------------------------------------------

def _error(msg):
    """Reports MSG at the user's call; the call evaluates to poison."""
    return _native.error(msg)


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


def _is_number(v):
    return isinstance(v, int) or isinstance(v, float) or isinstance(v, bool)


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


def _slice(x, starts, ends, axes, steps=None):
    """onnx.Slice in the form of the opset: starts, ends, axes and steps are
    inputs from opset 10 (and may hold run-time ints), attributes before
    (constants, no steps)."""
    if _OPSET >= 10:
        if steps is None:
            return onnx.Slice(x, _shape_tensor(starts), _shape_tensor(ends), axes)
        return onnx.Slice(x, _shape_tensor(starts), _shape_tensor(ends), axes, _shape_tensor(steps))
    if steps is not None and len([s for s in steps if not _native.is_static(s) or s != 1]) > 0:
        return _error("slicing with a step needs opset 10 or later")
    if not _native.is_static(starts) or not _native.is_static(ends):
        return _error("slicing with bounds known only at run time needs opset 10 or later")
    return onnx.Slice(x, starts=list(starts), ends=list(ends), axes=list(axes))


def _static_int(v, what):
    """V when it is an int known at compile time, else an error."""
    if isinstance(v, bool) or not isinstance(v, int):
        return _error(f"'{what}' must be an int, found {type(v).__name__}")
    if not _native.is_static(v):
        return _error(f"'{what}' must be known at compile time; this int is computed at run time")
    return v


def _norm_dim(dim, rank, what="dim"):
    """DIM in [-rank, rank) as an index in [0, rank)."""
    dim = _static_int(dim, what)
    if dim < -rank or dim >= rank:
        if rank == 0 and (dim == 0 or dim == -1):
            return 0
        lo = -rank if rank > 0 else -1
        hi = rank - 1 if rank > 0 else 0
        return _error(f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {dim})")
    return dim + rank if dim < 0 else dim


def _norm_dims(dim, rank, what="dim"):
    """An int, tuple or list of dims as a sorted list without repeats; None
    and () mean every dimension (returned as None)."""
    if dim is None:
        return None
    if isinstance(dim, int):
        return [_norm_dim(dim, rank, what)]
    dims = []
    for d in dim:
        n = _norm_dim(d, rank, what)
        if n in dims:
            return _error(f"dim {n} appears multiple times in the list of dims")
        dims.append(n)
    if len(dims) == 0:
        return None
    return sorted(dims)


def _size_of(x, dims):
    """The number of elements of x over DIMS: an int, or a run-time int."""
    n = 1
    for d in dims:
        n = n * x.size(d)
    return n


def _static_size(x, d):
    return _native.static_size(x, d)


def _with_shape(t, shape, src=None):
    """T with the sizes the compiler knows from SHAPE (see _native.refine)."""
    return _native.refine(t, shape, src)


def _view(t, base, fn, inverse):
    """Marks T as a view of BASE: T == fn(BASE), and writing a value V into
    T writes inverse(BASE, V) into BASE."""
    return _native.view(t, base, fn, inverse)


def _shape_view(t, base):
    """T is BASE with another shape (view, squeeze, flatten ...)."""
    return _view(t, base, lambda b: _reshape_to(b, t), lambda b, v: _reshape_to(v, b))


def _reshape_to(x, like):
    """x reshaped to the shape of tensor LIKE (same element count)."""
    shape = _native.static_shape(like)
    if shape is not None:
        r = onnx.Reshape(x, list(shape))
    else:
        r = onnx.Reshape(x, onnx.Shape(like))
    return _with_shape(r, like)


# ---- arithmetic -----------------------------------------------------------

def add(input, other, *, alpha=1, out=None):
    a, b = _promote(input, other)
    if alpha != 1:
        b = onnx.Mul(b, _to(alpha, _dtype(b)))
    if _dtype(a) == _bool:
        return onnx.Or(a, b)
    return onnx.Add(a, b)


def sub(input, other, *, alpha=1, out=None):
    a, b = _promote(input, other)
    if _dtype(a) == _bool:
        return _error("Subtraction, the `-` operator, with two bool tensors is not supported. "
                      "Use the `^` or `logical_xor()` operator instead.")
    if alpha != 1:
        b = onnx.Mul(b, _to(alpha, _dtype(b)))
    return onnx.Sub(a, b)


subtract = sub


@_method
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
            return trunc(onnx.Div(a, b))
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
    return _error(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{rounding_mode}'")


divide = div
true_divide = div


@_method
def floor_divide(input, other):
    return div(input, other, rounding_mode="floor")


@_method
def remainder(input, other):
    a, b = _promote(input, other)
    if _native.is_floating(_dtype(a)):
        return onnx.Sub(a, onnx.Mul(onnx.Floor(onnx.Div(a, b)), b))
    return onnx.Mod(a, b, fmod=0)


@_method
def fmod(input, other):
    a, b = _promote(input, other)
    return onnx.Mod(a, b, fmod=1)


@_method
def pow(input, exponent):
    a, b = _promote(input, exponent)
    if not _native.is_floating(_dtype(a)) and _OPSET < 12:
        return onnx.Cast(onnx.Pow(_to(a, _f32), _to(b, _f32)), to=_dtype(a))
    return onnx.Pow(a, b)


@_method
def neg(input):
    if _dtype(input) == _bool:
        return _error("Negation, the `-` operator, on a bool tensor is not supported. "
                      "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.")
    return onnx.Neg(input)


negative = neg


@_method
def abs(input):
    if _dtype(input) == _bool:
        return input
    return onnx.Abs(input)


absolute = abs


@_method
def reciprocal(input: Tensor):
    return onnx.Reciprocal(_floating(input))


@_method
def sign(input):
    if _dtype(input) == _bool:
        return input
    return onnx.Sign(input)


@_method
def trunc(input):
    if not _native.is_floating(_dtype(input)):
        return input
    return onnx.Mul(onnx.Sign(input), onnx.Floor(onnx.Abs(input)))


fix = trunc


@_method
def frac(input):
    return sub(input, trunc(input))


@_method
def square(input):
    return mul(input, input)


def _matmul_check(a, b, fname):
    if a.dim() == 0 or b.dim() == 0:
        return _error(f"{fname}(): both arguments need at least 1 dimension, "
                      f"got {a.dim()}D and {b.dim()}D tensors")
    return None


def _same_dtype_mm(a, b):
    # PyTorch's matrix products do not promote: both operands of one dtype
    da, db = _dtype(a), _dtype(b)
    if da != db:
        raise RuntimeError(f"expected scalar type {_TYPE_NAME[da]} but found {_TYPE_NAME[db]}")


@_method
def matmul(input: Tensor, other: Tensor):
    if _matmul_check(input, other, "matmul") is not None:
        return None
    _same_dtype_mm(input, other)
    return onnx.MatMul(input, other)


def _rank_check(x, rank, fname, what):
    if x.dim() != rank:
        return _error(f"{fname}(): {what} must be a {rank}D tensor, got a {x.dim()}D tensor "
                      f"of shape {_native.shape_text(x)}")
    return x


def mm(input: Tensor, mat2: Tensor):
    _rank_check(input, 2, "mm", "self")
    _rank_check(mat2, 2, "mm", "mat2")
    return matmul(input, mat2)


def bmm(input: Tensor, mat2: Tensor):
    _rank_check(input, 3, "bmm", "batch1")
    _rank_check(mat2, 3, "bmm", "batch2")
    return matmul(input, mat2)


@_method
def mv(input: Tensor, vec: Tensor):
    _rank_check(input, 2, "mv", "input")
    _rank_check(vec, 1, "mv", "vec")
    return matmul(input, vec)


@_method
def dot(input: Tensor, other: Tensor):
    _rank_check(input, 1, "dot", "input")
    _rank_check(other, 1, "dot", "other")
    if _dtype(input) != _dtype(other):
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found {_TYPE_NAME[_dtype(input)]} "
                           f"and {_TYPE_NAME[_dtype(other)]}")
    return matmul(input, other)


def _scaled_sum(input, prod, beta, alpha):
    """beta * input + alpha * prod, PyTorch's addmm family."""
    if alpha != 1:
        prod = mul(prod, alpha)
    if beta == 0:
        return prod
    if beta != 1:
        input = mul(input, beta)
    return add(input, prod)


def _addmm_dtypes(input, mat1, mat2):
    if _dtype(input) != _dtype(mat1) or _dtype(mat1) != _dtype(mat2):
        raise RuntimeError("self and mat2 must have the same dtype")


def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    _rank_check(mat1, 2, "addmm", "mat1")
    _rank_check(mat2, 2, "addmm", "mat2")
    _addmm_dtypes(input, mat1, mat2)
    c, a, b = input, mat1, mat2
    if _native.is_floating(_dtype(a)) and _native.is_static(alpha) and _native.is_static(beta) \
            and beta != 0 and c.dim() <= 2:
        return onnx.Gemm(a, b, c, alpha=alpha, beta=beta)
    return _scaled_sum(c, onnx.MatMul(a, b), beta, alpha)


def addmv(input, mat, vec, *, beta=1, alpha=1, out=None):
    return _scaled_sum(input, mv(mat, vec), beta, alpha)


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    return _scaled_sum(input, bmm(batch1, batch2), beta, alpha)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    _addmm_dtypes(input, batch1, batch2)
    prod = onnx.ReduceSum(bmm(batch1, batch2), [0], keepdims=0) if _OPSET >= 13 \
        else onnx.ReduceSum(bmm(batch1, batch2), axes=[0], keepdims=0)
    return _scaled_sum(input, prod, beta, alpha)


# ---- comparisons and logic ------------------------------------------------

def _ordered(input, other):
    """Operands for Less and Greater, promoted.  Below opset 9 those take
    only floating tensors: integers and bools are compared as float64,
    exact for int32 and for int64 up to 2**53 (PyTorch's exporter uses
    float32 there)."""
    a, b = _promote(input, other)
    if _OPSET < 9 and not _native.is_floating(_dtype(a)):
        return _to(a, _f64), _to(b, _f64)
    return a, b


def _not_nan(x):
    """x is not NaN, from Less and Greater alone: every other value is below
    +inf or above -inf."""
    inf = _to(float("inf"), _dtype(x))
    return onnx.Or(onnx.Less(x, inf), onnx.Greater(x, onnx.Neg(inf)))


@_method
def eq(input, other):
    a, b = _promote(input, other)
    if _OPSET >= 11 or not _native.is_floating(_dtype(a)):
        return onnx.Equal(a, b)
    # Equal takes floating tensors from opset 11: neither below nor above,
    # and neither is NaN (NaN equals nothing)
    same = onnx.Not(onnx.Or(onnx.Less(a, b), onnx.Greater(a, b)))
    return onnx.And(same, onnx.And(_not_nan(a), _not_nan(b)))


@_method
def ne(input, other):
    return onnx.Not(eq(input, other))


@_method
def lt(input, other):
    a, b = _ordered(input, other)
    return onnx.Less(a, b)


@_method
def gt(input, other):
    a, b = _ordered(input, other)
    return onnx.Greater(a, b)


@_method
def le(input, other):
    a, b = _ordered(input, other)
    if _OPSET >= 12:
        return onnx.LessOrEqual(a, b)
    # not (a > b) would make NaN <= x true
    return onnx.Or(onnx.Less(a, b), eq(a, b))


@_method
def ge(input, other):
    a, b = _ordered(input, other)
    if _OPSET >= 12:
        return onnx.GreaterOrEqual(a, b)
    return onnx.Or(onnx.Greater(a, b), eq(a, b))


greater = gt
greater_equal = ge
less = lt
less_equal = le
not_equal = ne


@_method
def equal(input, other):
    """True when both tensors have the same size and elements (a run-time bool)."""
    a = _native.static_shape(input)
    b = _native.static_shape(other)
    if a is not None and b is not None and a != b:
        return False
    import torch._reduce as R
    return _native.python_number(R.all(eq(input, other)), "bool")


@_method
def logical_and(input: Tensor, other: Tensor):
    return onnx.And(_to(input, _bool), _to(other, _bool))


@_method
def logical_or(input: Tensor, other: Tensor):
    return onnx.Or(_to(input, _bool), _to(other, _bool))


@_method
def logical_xor(input: Tensor, other: Tensor):
    return onnx.Xor(_to(input, _bool), _to(other, _bool))


@_method
def logical_not(input):
    return onnx.Not(_to(input, _bool))


def _bitwise(input, other, op, name):
    a, b = _promote(input, other)
    if _dtype(a) == _bool:
        return op(a, b)
    if _native.is_floating(_dtype(a)):
        return _error(f"{name}(): only integer and bool tensors are supported, found {_dtype(a)}")
    return _error(f"{name}() on integer tensors is not supported yet (ONNX has Bitwise* from opset 18)")


@_method
def bitwise_and(input, other):
    return _bitwise(input, other, onnx.And, "bitwise_and")


@_method
def bitwise_or(input, other):
    return _bitwise(input, other, onnx.Or, "bitwise_or")


def bitwise_xor(input, other):
    return _bitwise(input, other, onnx.Xor, "bitwise_xor")


@_method
def bitwise_not(input):
    if _dtype(input) == _bool:
        return onnx.Not(input)
    return _error("bitwise_not() on integer tensors is not supported yet (ONNX has BitwiseNot from opset 18)")


@_method
def isnan(input: Tensor):
    if not _native.is_floating(_dtype(input)):
        return full_like(input, False, dtype=_bool)
    return onnx.IsNaN(input)


@_method
def isinf(input):
    if not _native.is_floating(_dtype(input)):
        return full_like(input, False, dtype=_bool)
    return onnx.IsInf(input)


@_method
def isfinite(input):
    if not _native.is_floating(_dtype(input)):
        return full_like(input, True, dtype=_bool)
    return onnx.Not(onnx.Or(onnx.IsNaN(input), onnx.IsInf(input)))


def _minmax2(a, b, larger):
    """max (LARGER) or min of two tensors with broadcasting; Max and Min take
    integers only from opset 12, before which a Where picks; Where is from
    opset 9, and before it (x + y +- |x - y|) / 2 is exact in integers
    while the sum fits."""
    x, y = _promote(a, b)
    dt = _dtype(x)
    if dt == _bool:
        return onnx.Or(x, y) if larger else onnx.And(x, y)
    if _native.is_floating(dt) or _OPSET >= 12:
        return onnx.Max(x, y) if larger else onnx.Min(x, y)
    if _OPSET < 9:
        s = onnx.Add(x, y)
        d = onnx.Abs(onnx.Sub(x, y))
        return onnx.Div(onnx.Add(s, d) if larger else onnx.Sub(s, d), _to(2, dt))
    return onnx.Where(gt(x, y) if larger else lt(x, y), x, y)


@_method
def maximum(input, other):
    return _minmax2(input, other, True)


@_method
def minimum(input, other):
    return _minmax2(input, other, False)


fmax = maximum
fmin = minimum


def _is_scalar_bound(v):
    return v is None or _is_number(v) or (_native.is_tensor(v) and v.dim() == 0)


def clamp(input, min=None, max=None, *, out=None):
    if min is None and max is None:
        return _error("torch.clamp: At least one of 'min' or 'max' must not be None")
    dt = _native.result_type(input, min, max)
    x = _to(input, dt)
    lo = None if min is None else _to(min, dt)
    hi = None if max is None else _to(max, dt)
    if dt != _bool and _is_scalar_bound(min) and _is_scalar_bound(max) and \
            (_native.is_floating(dt) or _OPSET >= 12):
        if _OPSET >= 11:
            return onnx.Clip(x, lo, hi)
        if _native.is_static(min) and _native.is_static(max) and not _native.is_tensor(min) \
                and not _native.is_tensor(max):
            return onnx.Clip(x, min=-3.4e38 if min is None else min, max=3.4e38 if max is None else max)
    if lo is not None:
        x = maximum(x, lo)
    if hi is not None:
        x = minimum(x, hi)
    return x


clip = clamp


def clamp_min(input, min):
    return clamp(input, min=min)


def clamp_max(input, max):
    return clamp(input, max=max)


# ---- elementwise math -----------------------------------------------------

@_method
def exp(input: Tensor):
    return onnx.Exp(_floating(input))


@_method
def expm1(input: Tensor):
    return sub(exp(input), 1)


@_method
def log(input: Tensor):
    return onnx.Log(_floating(input))


@_method
def log2(input: Tensor):
    x = _floating(input)
    return onnx.Div(onnx.Log(x), _to(0.6931471805599453, _dtype(x)))


@_method
def log10(input: Tensor):
    x = _floating(input)
    return onnx.Div(onnx.Log(x), _to(2.302585092994046, _dtype(x)))


@_method
def log1p(input: Tensor):
    x = _floating(input)
    return onnx.Log(onnx.Add(x, _to(1.0, _dtype(x))))


# PyTorch's names of the element types in "not implemented for" errors
_SCALAR_TYPE_NAMES = {_i64: "Long", _i32: "Int", _native.int16: "Short", _native.int8: "Char",
                      _native.uint8: "Byte", _bool: "Bool"}


def _logaddexp_operands(input, other, name):
    """INPUT and OTHER promoted to their floating result type, as the
    logaddexp kernels take them."""
    a, b = _promote(input, other)
    if not _native.is_floating(_dtype(a)):
        raise RuntimeError(f"\"{name}_cpu\" not implemented for '{_SCALAR_TYPE_NAMES[_dtype(a)]}'")
    return a, b


def _neg_abs_difference(a, b):
    """-|a - b|, and 0 where a equals b: equal infinities have no difference
    (inf - inf would be NaN), so logaddexp(inf, inf) is inf."""
    d = onnx.Neg(onnx.Abs(onnx.Sub(a, b)))
    return onnx.Where(eq(a, b), _to(0.0, _dtype(a)), d)


@_method
def logaddexp(input: Tensor, other: Tensor):
    """log(exp(input) + exp(other)) without overflow, as PyTorch computes it:
    max + log(1 + exp(-|input - other|))."""
    a, b = _logaddexp_operands(input, other, "logaddexp")
    return onnx.Add(onnx.Max(a, b), log1p(onnx.Exp(_neg_abs_difference(a, b))))


@_method
def logaddexp2(input: Tensor, other: Tensor):
    """log2(2**input + 2**other): max + log2(1 + 2**-|input - other|)."""
    a, b = _logaddexp_operands(input, other, "logaddexp2")
    dt = _dtype(a)
    e = onnx.Pow(_to(2.0, dt), _neg_abs_difference(a, b))
    return onnx.Add(onnx.Max(a, b), onnx.Div(log1p(e), _to(0.6931471805599453, dt)))


@_method
def sqrt(input: Tensor):
    return onnx.Sqrt(_floating(input))


@_method
def rsqrt(input: Tensor):
    return onnx.Reciprocal(onnx.Sqrt(_floating(input)))


@_method
def sin(input: Tensor):
    return onnx.Sin(_floating(input))


@_method
def cos(input: Tensor):
    return onnx.Cos(_floating(input))


@_method
def tan(input: Tensor):
    return onnx.Tan(_floating(input))


@_method
def asin(input: Tensor):
    return onnx.Asin(_floating(input))


@_method
def acos(input: Tensor):
    return onnx.Acos(_floating(input))


@_method
def atan(input: Tensor):
    return onnx.Atan(_floating(input))


arcsin = asin
arccos = acos
arctan = atan


def _sign_bit(x):
    """x < 0, counting -0.0 (whose reciprocal is -inf) as negative."""
    return onnx.Or(onnx.Less(x, _to(0, _dtype(x))),
                   onnx.And(onnx.Equal(x, _to(0, _dtype(x))),
                            onnx.Less(onnx.Reciprocal(x), _to(0, _dtype(x)))))


@_method
def atan2(input, other, *, out=None):
    """The angle of (other, input) in [-pi, pi], C's atan2 with its signed
    zeros and infinities: atan(y / x), moved by pi when x is negative."""
    dt = _native.result_type(input, other)
    if not _native.is_floating(dt):
        dt = _f32
    y, x = _to(input, dt), _to(other, dt)
    pi = _to(3.141592653589793, dt)
    neg_y, neg_x = _sign_bit(y), _sign_bit(x)
    signed_pi = onnx.Where(neg_y, onnx.Neg(pi), pi)
    q = onnx.Atan(onnx.Div(y, x))
    q = onnx.Where(neg_x, onnx.Add(q, signed_pi), q)
    # 0/0: y itself (its signed zero) or +-pi; inf/inf: +-pi/4 or +-3pi/4
    zero = _to(0, dt)
    both_zero = onnx.And(onnx.Equal(x, zero), onnx.Equal(y, zero))
    q = onnx.Where(both_zero, onnx.Where(neg_x, signed_pi, y), q)
    both_inf = onnx.And(onnx.IsInf(x), onnx.IsInf(y))
    corner = onnx.Where(neg_x, _to(0.75, dt), _to(0.25, dt))
    corner = onnx.Mul(onnx.Mul(corner, pi), onnx.Where(neg_y, _to(-1, dt), _to(1, dt)))
    return onnx.Where(both_inf, corner, q)


arctan2 = atan2


def _real_angle(input):
    """torch.angle of a real tensor: pi for negative values, else 0 (NaN
    stays NaN)."""
    x = _floating(input)
    dt = _dtype(x)
    a = onnx.Where(onnx.Less(x, _to(0, dt)), _to(3.141592653589793, dt), _to(0, dt))
    return onnx.Where(onnx.IsNaN(x), x, a)


@_method
def sinh(input: Tensor):
    return onnx.Sinh(_floating(input))


@_method
def cosh(input: Tensor):
    return onnx.Cosh(_floating(input))


@_method
def tanh(input: Tensor):
    return onnx.Tanh(_floating(input))


@_method
def sigmoid(input: Tensor):
    return onnx.Sigmoid(_floating(input))


@_method
def relu(input):
    return onnx.Relu(input)


@_method
def erf(input: Tensor):
    return onnx.Erf(_floating(input))


@_method
def floor(input):
    if not _native.is_floating(_dtype(input)):
        return input
    return onnx.Floor(input)


@_method
def ceil(input):
    if not _native.is_floating(_dtype(input)):
        return input
    return onnx.Ceil(input)


@_method
def round(input, *, decimals=0):
    if not _native.is_floating(_dtype(input)):
        return input
    if decimals == 0:
        return onnx.Round(input)
    scale = _to(10.0 ** decimals, _dtype(input))
    return onnx.Div(onnx.Round(onnx.Mul(input, scale)), scale)


def _softmax_dim(rank, dim, fname):
    if dim is None:
        return 0 if rank in (0, 1, 3) else 1
    return _norm_dim(dim, rank)


def _softmax_like(op, input, dim, dtype, fname):
    x = input if dtype is None else _to(input, dtype)
    x = _floating(x)
    rank = x.dim()
    if rank == 0:
        return _squeeze_axes(op(_unsqueeze_axes(x, [0]), axis=0), [0])
    dim = _softmax_dim(rank, dim, fname)
    if _OPSET >= 13 or dim == rank - 1:
        return op(x, axis=dim)
    # before opset 13 Softmax flattens the axes after `axis`: move dim last
    perm = list(range(rank))
    perm[dim] = rank - 1
    perm[rank - 1] = dim
    y = op(onnx.Transpose(x, perm=perm), axis=rank - 1)
    return onnx.Transpose(y, perm=perm)


def softmax(input: Tensor, dim: Optional[int] = None, dtype=None):
    return _softmax_like(onnx.Softmax, input, dim, dtype, "softmax")


def log_softmax(input: Tensor, dim: Optional[int] = None, dtype=None):
    return _softmax_like(onnx.LogSoftmax, input, dim, dtype, "log_softmax")


def where(condition, input=None, other=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    a, b = _promote(input, other)
    c = _to(condition, _bool)
    if _dtype(a) == _bool:
        # ONNX Runtime has no bool Where kernel
        return onnx.Or(onnx.And(c, a), onnx.And(onnx.Not(c), b))
    return onnx.Where(c, a, b)


# ---- shapes ---------------------------------------------------------------

def _check_shape(shape):
    minus = 0
    for d in shape:
        if not _native.is_static(d):
            if not isinstance(d, int):
                return _error(f"view(): shape entries must be ints, found {type(d).__name__}")
            continue
        if isinstance(d, bool) or not isinstance(d, int):
            return _error(f"view(): shape entries must be ints, found {type(d).__name__}")
        if d < -1:
            return _error(f"invalid shape dimension {d}")
        if d == -1:
            minus += 1
    if minus > 1:
        return _error("only one dimension can be inferred")
    return shape


def reshape(input, shape):
    shape = tuple(shape)
    if _check_shape(shape) is None:
        return None
    zeros = [d for d in shape if _native.is_static(d) and d == 0]
    if len(zeros) > 0:
        if _OPSET < 14:
            return _error("reshape() to a size-0 dimension needs opset 14 or later")
        res = onnx.Reshape(input, _shape_tensor(shape), allowzero=1)
    else:
        # a size known to equal the input's size at the same position is
        # written 0 (ONNX's "copy"), so x.view(x.size(0), -1) stays constant
        rank = input.dim()
        out = [0 if not _native.is_static(d) and i < rank and _native.same_size(d, input, i) else d
               for i, d in enumerate(shape)]
        res = onnx.Reshape(input, _shape_tensor(out))
    _with_shape(res, shape, input)
    return _shape_view(res, input)


@_method
def flatten(input: Tensor, start_dim: int = 0, end_dim: int = -1):
    rank = input.dim()
    if rank == 0:
        return reshape(input, (1,))
    start = _norm_dim(start_dim, rank)
    end = _norm_dim(end_dim, rank)
    if start > end:
        return _error("flatten() has invalid args: start_dim cannot come after end_dim")
    if start == end:
        return input
    if start == 1 and end == rank - 1:
        return _shape_view(onnx.Flatten(input, axis=1), input)
    shape = [0] * start + [-1]
    for i in range(end + 1, rank):
        s = _static_size(input, i)
        shape.append(s if s is not None else input.size(i))
    return _shape_view(onnx.Reshape(input, _shape_tensor(shape)), input)


@_method
def unflatten(input, dim, sizes):
    rank = input.dim()
    d = _norm_dim(dim, rank)
    shape = [0] * d + list(sizes) + [0] * (rank - d - 1)
    return _shape_view(onnx.Reshape(input, _shape_tensor(shape)), input)


def _permute_view(t, base, perm):
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return _view(t, base, lambda b: onnx.Transpose(b, perm=perm), lambda b, v: onnx.Transpose(v, perm=inv))


@_method
def transpose(input: Tensor, dim0: int, dim1: int):
    rank = input.dim()
    d0 = _norm_dim(dim0, rank)
    d1 = _norm_dim(dim1, rank)
    if d0 == d1:
        return input
    perm = list(range(rank))
    perm[d0] = d1
    perm[d1] = d0
    return _permute_view(onnx.Transpose(input, perm=perm), input, perm)


swapaxes = transpose
swapdims = transpose


def permute(input, dims):
    rank = input.dim()
    if len(dims) != rank:
        return _error(f"permute(sparse_coo): number of dimensions in the tensor input does not match "
                      f"the length of the desired ordering of dimensions i.e. input.dim() = {rank} "
                      f"is not equal to len(dims) = {len(dims)}")
    perm = [_norm_dim(d, rank) for d in dims]
    if sorted(perm) != list(range(rank)):
        return _error("permute(): repeated dim")
    return _permute_view(onnx.Transpose(input, perm=perm), input, perm)


@_method
def t(input):
    if input.dim() > 2:
        return _error(f"t() expects a tensor with <= 2 dimensions, but self is {input.dim()}D")
    if input.dim() < 2:
        return input
    return transpose(input, 0, 1)


@_method
def movedim(input, source, destination):
    rank = input.dim()
    src = [source] if isinstance(source, int) else list(source)
    dst = [destination] if isinstance(destination, int) else list(destination)
    src = [_norm_dim(d, rank) for d in src]
    dst = [_norm_dim(d, rank) for d in dst]
    perm = [-1] * rank
    for s, d in zip(src, dst):
        perm[d] = s
    rest = [i for i in range(rank) if i not in src]
    k = 0
    for i in range(rank):
        if perm[i] == -1:
            perm[i] = rest[k]
            k += 1
    return permute(input, perm)


moveaxis = movedim


@_method
def unsqueeze(input: Tensor, dim: int):
    r = _unsqueeze_axes(input, [_norm_dim(dim, input.dim() + 1)])
    return _shape_view(r, input)


@_method
def squeeze(input: Tensor, dim: Optional[int] = None):
    rank = input.dim()
    if dim is None:
        axes = [i for i in range(rank) if _static_size(input, i) == 1]
        unknown = [i for i in range(rank) if _static_size(input, i) is None]
        if len(unknown) > 0:
            return _error(f"squeeze() of a tensor of shape {_native.shape_text(input)}: whether the "
                          "run-time sized dimensions are 1 is not known at compile time; name the dims")
        if len(axes) == 0:
            return input
        return _shape_view(_squeeze_axes(input, axes), input)
    d = _norm_dim(dim, rank)
    size = _static_size(input, d)
    if size is not None and size != 1:
        return input
    return _shape_view(_squeeze_axes(input, [d]), input)


def cat(tensors: List[Tensor], dim: int = 0, *, out=None):
    if _native.is_runtime_list(tensors):
        # a list built by a loop with a run-time trip count
        return _native.runtime_list_concat(tensors, dim, False)
    tensors = list(tensors)
    if len(tensors) == 0:
        return _error("torch.cat(): expected a non-empty list of Tensors")
    for i, x in enumerate(tensors):
        if not _native.is_tensor(x):
            return _error(f"cat(): expected a list of Tensors, but element {i} is {type(x).__name__}")
    ts = _promote(*tensors)
    # PyTorch's legacy rule: a 1-D tensor of size 0 is skipped, whatever
    # the others' rank (Emformer concatenates such placeholders); the
    # result type counts it all the same
    kept = [x for x in ts if not (x.dim() == 1 and _static_size(x, 0) == 0)]
    if len(kept) == 0:
        return ts[0]
    ts = kept
    if len(ts) == 1:
        return ts[0]
    rank = ts[0].dim()
    for i, x in enumerate(ts):
        if x.dim() != rank:
            if rank == 1 or x.dim() == 1:
                return _error(f"Tensors must have same number of dimensions: got {rank} and {x.dim()} (PyTorch "
                              "skips a 1-D tensor when it is empty; here its size is known only at run time)"
                              if _static_size(x if x.dim() == 1 else ts[0], 0) is None else
                              f"Tensors must have same number of dimensions: got {rank} and {x.dim()}")
            return _error(f"Tensors must have same number of dimensions: got {rank} and {x.dim()}")
    return onnx.Concat(*ts, axis=_norm_dim(dim, rank))


concat = cat
concatenate = cat


def stack(tensors: List[Tensor], dim: int = 0, *, out=None):
    if _native.is_runtime_list(tensors):
        return _native.runtime_list_concat(tensors, dim, True)
    tensors = list(tensors)
    if len(tensors) == 0:
        return _error("stack expects a non-empty TensorList")
    rank = tensors[0].dim()
    for i, x in enumerate(tensors):
        if x.dim() != rank:
            return _error(f"stack expects each tensor to be equal size, but got {_native.shape_text(tensors[0])} "
                          f"at entry 0 and {_native.shape_text(x)} at entry {i}")
    d = _norm_dim(dim, rank + 1)
    return cat([_unsqueeze_axes(x, [d]) for x in tensors], d)


def hstack(tensors):
    tensors = list(tensors)
    return cat(tensors, 0 if tensors[0].dim() == 1 else 1)


def vstack(tensors):
    return cat([x if x.dim() >= 2 else reshape(x, (1, -1)) for x in tensors], 0)


def expand(input, *sizes):
    sizes = _size_args(sizes)
    rank = input.dim()
    k = len(sizes)
    if k < rank:
        return _error(f"expand(): the number of sizes provided ({k}) must be greater or equal to "
                      f"the number of dimensions in the tensor ({rank})")
    shape = []
    for i, s in enumerate(sizes):
        j = i - (k - rank)
        have = _static_size(input, j) if j >= 0 else None
        if _native.is_static(s) and s == -1:
            if j < 0:
                return _error(f"expand(): the expanded size of the tensor (-1) isn't allowed in a "
                              f"leading, non-existing dimension {i}")
            shape.append(have if have is not None else input.size(j))
        else:
            if _native.is_static(s) and have is not None and have != 1 and have != s:
                return _error(f"The expanded size of the tensor ({s}) must match the existing size ({have}) "
                              f"at non-singleton dimension {i}.  Target sizes: {list(sizes)}.  "
                              f"Tensor sizes: {_native.shape_text(input)}")
            shape.append(s)
    r = _with_shape(onnx.Expand(input, _shape_tensor(shape)), shape)
    return _view(r, input, lambda b: onnx.Expand(b, _shape_tensor(shape)), _no_write_back("expand"))


def _no_write_back(name):
    def inverse(b, v):
        return _error(f"writing into the result of {name}() is not supported: more than one element "
                      "of the written-to tensor refers to a single memory location; clone() it first")
    return inverse


@_method
def expand_as(input, other):
    shape = _native.static_shape(other)
    if shape is not None:
        return expand(input, shape)
    r = _with_shape(onnx.Expand(input, onnx.Shape(other)), other)
    return _view(r, input, lambda b: onnx.Expand(b, onnx.Shape(other)), _no_write_back("expand_as"))


def broadcast_to(input, size):
    return expand(input, size)


def repeat(input, *sizes):
    sizes = _size_args(sizes)
    rank = input.dim()
    if len(sizes) < rank:
        return _error("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor")
    x = input
    if len(sizes) > rank:
        x = _unsqueeze_axes(x, list(range(len(sizes) - rank)))
    return onnx.Tile(x, _shape_tensor(sizes))


def tile(input, dims):
    dims = tuple(dims)
    rank = input.dim()
    if len(dims) < rank:
        dims = (1,) * (rank - len(dims)) + dims
    return repeat(input, dims)


def flip(input, dims):
    rank = input.dim()
    ds = _norm_dims([dims] if isinstance(dims, int) else dims, rank)
    if ds is None:
        return input
    n = len(ds)
    return _slice(input, [-1] * n, [_INT64_MIN] * n, ds, [-1] * n)


@_method
def roll(input, shifts, dims=None):
    if dims is None:
        flat = reshape(input, (-1,))
        return _reshape_to(roll(flat, shifts, 0), input)
    shifts = [shifts] if isinstance(shifts, int) else list(shifts)
    dims = [dims] if isinstance(dims, int) else list(dims)
    if len(shifts) != len(dims):
        return _error(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
    x = input
    for s, d in zip(shifts, dims):
        d = _norm_dim(d, input.dim())
        s = _static_int(s, "shifts")
        n = _static_size(input, d)
        if n is not None:
            if n == 0:
                continue
            s = s % n
        if s == 0:
            continue
        tail = _slice(x, [-s], [_INT64_MAX], [d])
        head = _slice(x, [0], [-s], [d])
        x = onnx.Concat(tail, head, axis=d)
    return x


def _trilu_mask(input, diagonal, upper):
    """Where tril/triu keep elements: col - row <= k (tril) or >= k (triu)."""
    n = input.size(-2)
    m = input.size(-1)
    rows = _unsqueeze_axes(arange(n), [1])
    cols = _unsqueeze_axes(arange(m), [0])
    diff = onnx.Sub(cols, rows)
    k = _to(diagonal, _i64)
    return ge(diff, k) if upper else le(diff, k)


def _trilu(input, diagonal, upper, name):
    if input.dim() < 2:
        return _error(f"{name}: input tensor must have at least 2 dimensions")
    if _OPSET >= 14:
        return onnx.Trilu(input, _to(diagonal, _i64), upper=1 if upper else 0)
    keep = _trilu_mask(input, diagonal, upper)
    return where(keep, input, _to(0, _dtype(input)))


@_method
def tril(input: Tensor, diagonal: int = 0):
    return _trilu(input, diagonal, False, "tril")


@_method
def triu(input: Tensor, diagonal: int = 0):
    return _trilu(input, diagonal, True, "triu")


def diag_embed(input):
    return _error("diag_embed() is not supported yet")


# ---- einsum ---------------------------------------------------------------

def _einsum_parse(equation, n):
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, out = eq.split("->")
    else:
        lhs = eq
        counts = {}
        for c in lhs:
            if c != ",":
                counts[c] = counts.get(c, 0) + 1
        out = "".join(sorted([c for c in counts if counts[c] == 1]))
    subs = lhs.split(",")
    if len(subs) != n:
        return _error(f"einsum(): more operands were provided than specified in the equation"
                      if len(subs) < n else
                      f"einsum(): fewer operands were provided than specified in the equation")
    return subs, out


def _einsum_decomposed(equation, ops):
    """Einsum before opset 12: each operand is permuted into one letter
    order and unsqueezed to every letter, the product is summed over the
    contracted letters, and the result is permuted to the output order."""
    r = _einsum_parse(equation, len(ops))
    if r is None:
        return None
    subs, out = r
    if "." in equation:
        return _error("einsum() with '...' needs opset 12 or later")
    letters = list(out)
    for s in subs:
        for c in s:
            if c not in letters:
                letters.append(c)
    prod = None
    for s, x in zip(subs, ops):
        if len([c for i, c in enumerate(s) if c in s[:i]]) > 0:
            return _error("einsum() with a repeated index in one operand needs opset 12 or later")
        if len(s) != x.dim():
            return _error(f"einsum(): the number of subscripts in the equation ({len(s)}) does not match "
                          f"the number of dimensions ({x.dim()}) for operand {ops.index(x)}")
        order = sorted(range(len(s)), key=lambda i: letters.index(s[i]))
        y = x
        if order != list(range(len(s))):
            y = onnx.Transpose(x, perm=order)
        missing = [i for i, c in enumerate(letters) if c not in s]
        if len(missing) > 0:
            y = _unsqueeze_axes(y, missing)
        prod = y if prod is None else onnx.Mul(prod, y)
    contracted = list(range(len(out), len(letters)))
    if len(contracted) > 0:
        prod = onnx.ReduceSum(prod, contracted, keepdims=0) if _OPSET >= 13 else \
            onnx.ReduceSum(prod, axes=contracted, keepdims=0)
    return prod


def einsum(equation: str, *operands):
    if len(operands) == 1 and (isinstance(operands[0], list) or isinstance(operands[0], tuple)):
        operands = tuple(operands[0])
    ops = _promote(*operands)
    if _OPSET >= 12:
        r = _einsum_parse(equation, len(ops))
        if r is None:
            return None
        return onnx.Einsum(*ops, equation=equation.replace(" ", ""))
    return _einsum_decomposed(equation, ops)


# ---- creation -------------------------------------------------------------

def _creation_dtype(dtype, default):
    return default if dtype is None else dtype


def zeros(*size, dtype=None, device=None, requires_grad=False, layout=None, out=None, pin_memory=False):
    return full(_size_args(size), 0.0, dtype=_creation_dtype(dtype, _f32))


def ones(*size, dtype=None, device=None, requires_grad=False, layout=None, out=None, pin_memory=False):
    return full(_size_args(size), 1.0, dtype=_creation_dtype(dtype, _f32))


def empty(*size, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None, out=None,
          pin_memory=False):
    return full(_size_args(size), 0.0, dtype=_creation_dtype(dtype, _f32))


def full(size, fill_value, *, dtype=None, device=None, requires_grad=False, layout=None, out=None,
         pin_memory=False):
    size = tuple(size)
    if dtype is None:
        dtype = _native.result_type(fill_value)
        if isinstance(fill_value, float):
            dtype = _f32
    if _native.is_static(size) and _native.is_static(fill_value) and not _native.is_tensor(fill_value):
        return _native.full(size, fill_value, dtype)
    static_fill = _native.is_static(fill_value) and not _native.is_tensor(fill_value)
    value = _native.tensor([fill_value if static_fill else 0], dtype)
    base = onnx.ConstantOfShape(_shape_tensor(size), value=value)
    _with_shape(base, size)
    if static_fill:
        return base
    return onnx.Add(base, _to(fill_value, dtype)) if dtype != _bool else \
        onnx.Or(base, _to(fill_value, dtype))


def _like(input, fill_value, dtype):
    dtype = _creation_dtype(dtype, _dtype(input))
    shape = _native.static_shape(input)
    if shape is not None:
        return full(shape, fill_value, dtype=dtype)
    value = _native.tensor([fill_value], dtype)
    return _with_shape(onnx.ConstantOfShape(onnx.Shape(input), value=value), input)


def zeros_like(input, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    return _like(input, 0, dtype)


def ones_like(input, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    return _like(input, 1, dtype)


def empty_like(input, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    return _like(input, 0, dtype)


def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False, layout=None,
              memory_format=None):
    if not _native.is_static(fill_value) or _native.is_tensor(fill_value):
        dt = _creation_dtype(dtype, _dtype(input))
        return onnx.Add(_like(input, 0, dt), _to(fill_value, dt))
    return _like(input, fill_value, dtype)


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    if _native.is_tensor(data):
        return data if dtype is None else _to(data, dtype)
    if not _native.is_static(data):
        return _tensor_from_runtime(data, dtype)
    return _native.tensor(data, dtype)


def _tensor_from_runtime(data, dtype):
    """torch.tensor of numbers some of which are known only at run time."""
    if _native.is_runtime_list(data):
        # a list of run-time length (numbers appended in a loop): its items
        # stacked; typed as TorchScript types it (an empty List[int] gives
        # int64, where eager PyTorch's torch.tensor([]) is float32)
        stacked = _native.runtime_list_concat(data, 0, True, True)
        if stacked.dim() != 1:
            return _error("torch.tensor() of a list of run-time length whose items are tensors: only lists of "
                          "numbers are supported (torch.stack joins tensors)")
        return stacked if dtype is None else _to(stacked, dtype)
    if isinstance(data, list) or isinstance(data, tuple):
        parts = [_tensor_from_runtime(x, dtype) for x in data]
        dt = _native.result_type(*[_native.as_tensor(x, _dtype(p)) for x, p in zip(data, parts)]) \
            if dtype is None else dtype
        return onnx.Concat(*[_unsqueeze_axes(_to(p, dt), [0]) for p in parts], axis=0)
    dt = dtype if dtype is not None else _native.dtype_of(data) if not _native.is_static(data) else \
        _native.result_type(data)
    if _native.is_static(data) and isinstance(data, float) and dtype is None:
        dt = _f32
    return _native.as_tensor(data, dt)


def as_tensor(data, dtype=None, device=None):
    return tensor(data, dtype=dtype)


def scalar_tensor(s, *, dtype=None, device=None):
    return tensor(s, dtype=_f32 if dtype is None else dtype)


def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    if end is None:
        end = start
        start = 0
    if _native.is_static(start) and _native.is_static(end) and _native.is_static(step):
        return _native.arange(start, end, step, dtype)
    if dtype is None:
        floats = [v for v in (start, end, step) if isinstance(v, float)]
        dtype = _f32 if len(floats) > 0 else _i64
    r = onnx.Range(_to(start, dtype), _to(end, dtype), _to(step, dtype))
    if _native.is_static(start) and start == 0 and _native.is_static(step) and step == 1:
        _with_shape(r, (end,))
    return r


def linspace(start, end, steps, *, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    steps = _static_int(steps, "steps")
    dt = _creation_dtype(dtype, _f32)
    if steps == 1:
        return full((1,), start, dtype=dt)
    i = _to(arange(steps), _f32)
    a = _to(start, _f32)
    b = _to(end, _f32)
    return _to(onnx.Add(a, onnx.Mul(i, onnx.Div(onnx.Sub(b, a), _to(steps - 1, _f32)))), dt)


def eye(n, m=None, *, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    m = n if m is None else m
    dt = _creation_dtype(dtype, _f32)
    rows = _unsqueeze_axes(arange(n), [1])
    cols = _unsqueeze_axes(arange(m), [0])
    return _to(onnx.Equal(rows, cols), dt)


def is_tensor(obj):
    return _native.is_tensor(obj)


def is_floating_point(input):
    return _native.is_floating(_dtype(input))


@_method
def numel(input):
    """The element count: an int, or a run-time int carrying its symbolic
    size (N*3) when some dimension is dynamic."""
    if _native.static_shape(input) is not None:
        return _native.numel(input)
    return _size_of(input, range(input.dim()))


def result_type(tensor1, tensor2):
    return _native.result_type(tensor1, tensor2)


def promote_types(type1, type2):
    return _native.result_type(_native.full((1,), 0, type1), _native.full((1,), 0, type2))


def can_cast(from_, to):
    order = [_bool, _native.uint8, _native.int8, _native.int16, _i32, _i64, _native.float16,
             _native.bfloat16, _f32, _f64]
    if _native.is_floating(from_) and not _native.is_floating(to):
        return False
    if from_ != _bool and to == _bool:
        return False
    return True


def nonzero(input, *, out=None, as_tuple=False):
    x = _to(input, _bool)
    nz = onnx.NonZero(x)
    if as_tuple:
        n = x.dim()
        if n == 0:
            return (_squeeze_axes(nz, [0]),)
        return tuple(_squeeze_axes(_slice(nz, [i], [i + 1], [0]), [0]) for i in range(n))
    return onnx.Transpose(nz, perm=[1, 0])


argwhere = nonzero


# ---- products and element-wise combinations --------------------------------

@_method
def addcmul(input, tensor1, tensor2, *, value=1, out=None):
    """input + value * tensor1 * tensor2; VALUE takes the result type (an
    int tensor with value=0.5 multiplies by 0, as PyTorch does)."""
    a, b, c = _promote(input, tensor1, tensor2)
    dt = _dtype(a)
    if dt == _bool:
        return _error("addcmul on bool tensors is not supported yet")
    if value == 1:
        return onnx.Add(a, onnx.Mul(b, c))
    v = _to(value if _native.is_floating(dt) else int(value), dt)
    return onnx.Add(a, onnx.Mul(onnx.Mul(v, b), c))


@_method
def addcdiv(input, tensor1, tensor2, *, value=1, out=None):
    """input + value * tensor1 / tensor2, for floating tensors."""
    if (_native.is_tensor(tensor1) and not _native.is_floating(_dtype(tensor1))
            and _native.is_tensor(tensor2) and not _native.is_floating(_dtype(tensor2))):
        raise RuntimeError(
            "Integer division with addcdiv is no longer supported, and in a future  release addcdiv "
            "will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can "
            "be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for "
            "integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future "
            "addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), "
            "for all dtypes.")
    a, b, c = _promote(input, tensor1, tensor2)
    dt = _dtype(a)
    if value == 1:
        return onnx.Add(a, onnx.Div(b, c))
    return onnx.Add(a, onnx.Mul(_to(value, dt), onnx.Div(b, c)))


@_method
def outer(input, vec2):
    """The outer product of two 1-D tensors: input[:, None] * vec2[None, :]."""
    if input.dim() != 1:
        raise RuntimeError(f"outer: Expected 1-D argument self, but got {input.dim()}-D")
    if vec2.dim() != 1:
        raise RuntimeError(f"outer: Expected 1-D argument vec2, but got {vec2.dim()}-D")
    return mul(_unsqueeze_axes(input, [1]), vec2)


@_method
def ger(input, vec2):
    return outer(input, vec2)


def _cross_part(x, i, dim):
    return _slice(x, [i], [i + 1], [dim])


def _linalg_cross(input, other, dim=-1):
    """The cross product of 3-vectors along DIM (the other dimensions
    broadcast): torch.linalg.cross."""
    if input.dim() != other.dim():
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    d = _norm_dim(dim, input.dim())
    n1 = _static_size(input, d)
    n2 = _static_size(other, d)
    if n1 is None or n2 is None:
        return _error("linalg.cross: the size of the dimension of the vectors must be known at compile time")
    if n1 != 3 or n2 != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got {n1} and {n2}")
    a, b = _promote(input, other)
    if _dtype(a) == _bool:
        return _error("cross on bool tensors is not supported yet")
    a0, a1, a2 = _cross_part(a, 0, d), _cross_part(a, 1, d), _cross_part(a, 2, d)
    b0, b1, b2 = _cross_part(b, 0, d), _cross_part(b, 1, d), _cross_part(b, 2, d)
    return onnx.Concat(onnx.Sub(onnx.Mul(a1, b2), onnx.Mul(a2, b1)),
                       onnx.Sub(onnx.Mul(a2, b0), onnx.Mul(a0, b2)),
                       onnx.Sub(onnx.Mul(a0, b1), onnx.Mul(a1, b0)), axis=d)


@_method
def cross(input, other, dim=None, *, out=None):
    """torch.cross: without DIM (PyTorch 1.13, deprecated), the first
    dimension of INPUT of size 3."""
    if dim is None:
        for i in range(input.dim()):
            n = _static_size(input, i)
            if dim is None and n is None:
                return _error("torch.cross without dim takes the first dimension of size 3: "
                              f"dimension {i}, whose size is known only at run time, may be it "
                              "(pass dim=)")
            if dim is None and n == 3:
                dim = i
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
    return _linalg_cross(input, other, dim)


def _tensordot_dims(dims, ra):
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        return [i - dims for i in range(dims)], [i for i in range(dims)]
    if _native.is_tensor(dims):
        return _error("tensordot with dims given as a tensor is not supported yet")
    da, db = dims
    if isinstance(da, int):
        da = [da]
    if isinstance(db, int):
        db = [db]
    return list(da), list(db)


def tensordot(a, b, dims=2, out=None):
    """Contracts DIMS of a with those of b: both are permuted and reshaped
    to matrices (free x contracted, contracted x free) and multiplied."""
    if _dtype(a) != _dtype(b):
        raise RuntimeError(f"expected scalar type {_TYPE_NAME[_dtype(a)]} but found {_TYPE_NAME[_dtype(b)]}")
    ra, rb = a.dim(), b.dim()
    da, db = _tensordot_dims(dims, ra)
    if len(da) != len(db):
        raise RuntimeError("both dimension lists should have same length")
    ua, ub = da, db
    da = [_norm_dim(d, ra) for d in ua]
    db = [_norm_dim(d, rb) for d in ub]
    for i in range(len(da)):
        sa, sb = _static_size(a, da[i]), _static_size(b, db[i])
        if sa is None or sb is None:
            return _error("tensordot: the sizes of the contracted dimensions must be known at compile time")
        if sa != sb:
            raise RuntimeError(f"contracted dimensions need to match, but first has size {sa} "
                               f"in dim {ua[i]} and second has size {sb} in dim {ub[i]}")
    fa = [d for d in range(ra) if d not in da]
    fb = [d for d in range(rb) if d not in db]
    na = _size_of(a, da)
    ma = permute(a, fa + da).reshape(_size_of(a, fa), na)
    mb = permute(b, db + fb).reshape(na, _size_of(b, fb))
    out_shape = [a.size(d) for d in fa] + [b.size(d) for d in fb]
    return reshape(onnx.MatMul(ma, mb), out_shape)


_TYPE_NAME = {_f32: "Float", _f64: "Double", _native.float16: "Half", _native.bfloat16: "BFloat16",
              _i64: "Long", _i32: "Int", _native.int16: "Short", _native.int8: "Char",
              _native.uint8: "Byte", _bool: "Bool"}


# the largest finite value of each floating type (nan_to_num's defaults)
_FLOAT_MAX = {_native.float16: 65504.0, _native.bfloat16: 3.3895313892515355e+38,
              _f32: 3.4028234663852886e+38, _f64: 1.7976931348623157e+308}


@_method
def nan_to_num(input, nan=0.0, posinf=None, neginf=None, *, out=None):
    """NaN, +inf and -inf replaced by NAN, POSINF and NEGINF (by default the
    type's largest and lowest finite values); integer tensors are copied.
    Infinities are found as x > max and x < -max (IsInf needs opset 10)."""
    dt = _dtype(input)
    if not _native.is_floating(dt):
        return _native.copy(input)
    big = _FLOAT_MAX[dt]
    hi = _to(big if posinf is None else posinf, dt)
    lo = _to(-big if neginf is None else neginf, dt)
    y = onnx.Where(onnx.Greater(input, _to(big, dt)), hi, input)
    y = onnx.Where(onnx.Less(input, _to(-big, dt)), lo, y)
    return onnx.Where(onnx.IsNaN(input), _to(nan, dt), y)


# ---- complex conjugation: the identity on real tensors ----------------------

@_method
def conj(input):
    return input


@_method
def resolve_conj(input):
    return input


@_method
def resolve_neg(input):
    return input


@_method
def conj_physical(input, *, out=None):
    return _native.copy(input)


# ---- shifts ---------------------------------------------------------------------
# ONNX's BitShift takes unsigned types only: a << b is a * 2**b and a >> b
# is floor(a / 2**b) (the arithmetic shift of two's complement), in int64,
# or in int32 for the narrower types (C promotes them to int), cast back.
# The power comes from a table indexed by b mod the width: PyTorch's scalar
# kernel shifts by b & (width - 1) on x86; amounts outside [0, width) are
# undefined in C, and PyTorch's vectorized kernel gives other results for
# them.

def _shift_operands(input, other, name):
    dt = _native.result_type(input, other)
    if _native.is_floating(dt) or dt == _bool:
        raise RuntimeError(f"\"{name}_cpu\" not implemented for '{_TYPE_NAME[dt]}'")
    wide = _i64 if dt == _i64 else _i32
    b = other if isinstance(other, int) and _native.is_static(other) else _to(other, wide)
    return dt, wide, _to(input, wide), b


def _shift_power(b, wide, top):
    """2**(b mod width) as WIDE, the exponent capped at TOP; and the
    exponent (b mod width) itself."""
    bits = 64 if wide == _i64 else 32
    table = []
    for i in range(bits):
        j = i if i < top else top
        table.append(_INT64_MIN if j == 63 else (-2147483648 if j == 31 and bits == 32 else 2 ** j))
    if isinstance(b, int) and _native.is_static(b):
        return _to(table[b % bits], wide), _to(b % bits, wide)
    k = onnx.Mod(_to(b, wide), _to(bits, wide), fmod=0)
    return onnx.Gather(_to(table, wide), k, axis=0), k


def _lshift(input, other):
    if _OPSET < 10:
        return _error("<< on integer tensors needs opset 10 or later (Mod)")
    dt, wide, a, b = _shift_operands(input, other, "lshift")
    p, k = _shift_power(b, wide, 64)
    return _to(onnx.Mul(a, p), dt)


def _rshift(input, other):
    if _OPSET < 10:
        return _error(">> on integer tensors needs opset 10 or later (Mod)")
    dt, wide, a, b = _shift_operands(input, other, "rshift")
    top = 62 if wide == _i64 else 30
    p, k = _shift_power(b, wide, top)
    q = div(a, p, rounding_mode="floor")
    # the last shift (63 or 31) is one more halving of the capped one
    if isinstance(b, int):
        return _to(div(q, 2, rounding_mode="floor") if b % (top + 2) == top + 1 else q, dt)
    last = onnx.Equal(k, _to(top + 1, wide))
    q = div(q, onnx.Where(last, _to(2, wide), _to(1, wide)), rounding_mode="floor")
    return _to(q, dt)


@_method
def bitwise_left_shift(input, other, *, out=None):
    return _lshift(input, other)


@_method
def bitwise_right_shift(input, other, *, out=None):
    return _rshift(input, other)
