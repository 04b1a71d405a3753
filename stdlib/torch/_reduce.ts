# Reductions, scans, sorting: sum, mean, prod, max/min (with indices),
# amax/amin, argmax/argmin, std/var, norms, logsumexp, any/all, cumsum,
# cumprod, sort/argsort, topk, unique.
#
# ONNX moved the axes of ReduceSum from an attribute to an input at opset 13
# and those of the other Reduce* operators at opset 18; _reduce() picks the
# form.  PyTorch's result types: sum and prod of integers and bools are
# int64, mean and std need floating inputs, indices are int64.
import onnx
import _native
import torch._impl as T

_OPSET = _native.opset
_f32 = _native.float32
_i64 = _native.int64
_i32 = _native.int32
_bool = _native.bool_


class _ReturnTuple:
    """torch.return_types.*: a (values, indices) pair with names."""

    def __init__(self, values, indices):
        self.values = values
        self.indices = indices

    def __getitem__(self, i):
        return (self.values, self.indices)[i]

    def __iter__(self):
        return (self.values, self.indices)

    def __len__(self):
        return 2


def _reduce(op, x, dims, keepdim):
    """onnx.ReduceX over DIMS (None: every dimension)."""
    k = 1 if keepdim else 0
    if x.dim() == 0:
        return x
    if dims is None:
        return op(x, keepdims=k)
    if _OPSET >= 18 or (_OPSET >= 13 and op == onnx.ReduceSum):
        return op(x, dims, keepdims=k)
    return op(x, axes=dims, keepdims=k)


def _int_result(x, dtype):
    """Sums and products of integers and bools are int64, as in PyTorch."""
    if dtype is not None:
        return T._to(x, dtype)
    if not _native.is_floating(T._dtype(x)):
        return T._to(x, _i64)
    return x


def _dims(x, dim):
    return T._norm_dims(dim, x.dim())


@T._method
def sum(input, dim=None, keepdim=False, *, dtype=None):
    x = _int_result(input, dtype)
    return _reduce(onnx.ReduceSum, x, _dims(x, dim), keepdim)


@T._method
def nansum(input, dim=None, keepdim=False, *, dtype=None):
    x = _int_result(input, dtype)
    if _native.is_floating(T._dtype(x)):
        x = onnx.Where(onnx.IsNaN(x), T._to(0, T._dtype(x)), x)
    return _reduce(onnx.ReduceSum, x, _dims(x, dim), keepdim)


def _need_floating(x, dtype, name):
    if dtype is not None:
        return T._to(x, dtype)
    if not _native.is_floating(T._dtype(x)):
        return T._error(f"{name}(): could not infer output dtype. Input dtype must be either a floating "
                        f"point or complex dtype. Got: {T._dtype(x)}")
    return x


@T._method
def mean(input, dim=None, keepdim=False, *, dtype=None):
    x = _need_floating(input, dtype, "mean")
    return _reduce(onnx.ReduceMean, x, _dims(x, dim), keepdim)


@T._method
def prod(input, dim=None, keepdim=False, *, dtype=None):
    x = _int_result(input, dtype)
    if dim is not None and not isinstance(dim, int):
        return T._error(f"prod(): argument 'dim' must be int, not {type(dim).__name__}")
    return _reduce(onnx.ReduceProd, x, _dims(x, dim), keepdim)


def _comparable(x):
    """x in a type ReduceMax/ArgMax accept at every opset (bools and small
    integers go through int32)."""
    dt = T._dtype(x)
    if dt == _bool or dt == _native.uint8 or dt == _native.int8 or dt == _native.int16:
        return T._to(x, _i32)
    return x


def _extreme(input, dim, keepdim, reduce_op, arg_op, pair_fn, name):
    if dim is None:
        x = _comparable(input)
        return T._to(_reduce(reduce_op, x, None, False), T._dtype(input))
    if _native.is_tensor(dim):
        return pair_fn(input, dim)
    d = T._norm_dim(dim, input.dim())
    x = _comparable(input)
    k = 1 if keepdim else 0
    if input.dim() == 0:
        return _ReturnTuple(input, T._to(0, _i64))
    values = T._to(_reduce(reduce_op, x, [d], keepdim), T._dtype(input))
    indices = arg_op(x, axis=d, keepdims=k)
    return _ReturnTuple(values, indices)


def max(input, dim=None, keepdim=False, *, out=None):
    return _extreme(input, dim, keepdim, onnx.ReduceMax, onnx.ArgMax, T.maximum, "max")


def min(input, dim=None, keepdim=False, *, out=None):
    return _extreme(input, dim, keepdim, onnx.ReduceMin, onnx.ArgMin, T.minimum, "min")


@T._method
def amax(input, dim=(), keepdim=False):
    x = _comparable(input)
    return T._to(_reduce(onnx.ReduceMax, x, _dims(x, dim), keepdim), T._dtype(input))


@T._method
def amin(input, dim=(), keepdim=False):
    x = _comparable(input)
    return T._to(_reduce(onnx.ReduceMin, x, _dims(x, dim), keepdim), T._dtype(input))


class _MinMax:
    """torch.return_types.aminmax: a (min, max) pair with names."""

    def __init__(self, min, max):
        self.min = min
        self.max = max

    def __getitem__(self, i):
        return (self.min, self.max)[i]

    def __iter__(self):
        return (self.min, self.max)

    def __len__(self):
        return 2


@T._method
def aminmax(input, *, dim=None, keepdim=False):
    return _MinMax(amin(input, () if dim is None else dim, keepdim), amax(input, () if dim is None else dim, keepdim))


def _arg(input, dim, keepdim, op):
    x = _comparable(input)
    if dim is None:
        flat = onnx.Reshape(x, [-1])
        r = op(flat, axis=0, keepdims=0)
        if keepdim:
            return onnx.Reshape(r, [1] * input.dim())
        return r
    d = T._norm_dim(dim, input.dim())
    if input.dim() == 0:
        return T._to(0, _i64)
    return op(x, axis=d, keepdims=1 if keepdim else 0)


@T._method
def argmax(input, dim=None, keepdim=False):
    return _arg(input, dim, keepdim, onnx.ArgMax)


@T._method
def argmin(input, dim=None, keepdim=False):
    return _arg(input, dim, keepdim, onnx.ArgMin)


def _variance(input, dim, unbiased, keepdim, correction, name):
    if isinstance(dim, bool):
        unbiased = dim
        dim = None
    x = _need_floating(input, None, name)
    dims = _dims(x, dim)
    all_dims = list(range(x.dim())) if dims is None else dims
    mu = _reduce(onnx.ReduceMean, x, dims, True)
    d = onnx.Sub(x, mu)
    s = _reduce(onnx.ReduceSum, onnx.Mul(d, d), dims, keepdim)
    c = correction if correction is not None else (1 if unbiased else 0)
    n = T._size_of(x, all_dims)
    return onnx.Div(s, T._to(n - c, T._dtype(x)))


@T._method
def var(input, dim=None, unbiased=True, keepdim=False, *, correction=None):
    return _variance(input, dim, unbiased, keepdim, correction, "var")


@T._method
def std(input, dim=None, unbiased=True, keepdim=False, *, correction=None):
    return onnx.Sqrt(_variance(input, dim, unbiased, keepdim, correction, "std"))


def var_mean(input, dim=None, unbiased=True, keepdim=False, *, correction=None):
    return (var(input, dim, unbiased, keepdim, correction=correction), mean(input, dim, keepdim))


def std_mean(input, dim=None, unbiased=True, keepdim=False, *, correction=None):
    return (std(input, dim, unbiased, keepdim, correction=correction), mean(input, dim, keepdim))


@T._method
def logsumexp(input, dim, keepdim=False):
    x = T._floating(input)
    return _reduce(onnx.ReduceLogSumExp, x, _dims(x, dim), keepdim)


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    x = T._floating(input if dtype is None else T._to(input, dtype))
    dims = _dims(x, dim)
    if p is None or p == "fro" or p == 2:
        return _reduce(onnx.ReduceL2, x, dims, keepdim)
    if p == "nuc":
        return T._error("norm(): the nuclear norm is not supported yet")
    if isinstance(p, str):
        return T._error(f"norm(): unknown norm '{p}'")
    if p == 1:
        return _reduce(onnx.ReduceL1, x, dims, keepdim)
    if p == float("inf"):
        return _reduce(onnx.ReduceMax, onnx.Abs(x), dims, keepdim)
    if p == float("-inf"):
        return _reduce(onnx.ReduceMin, onnx.Abs(x), dims, keepdim)
    if p == 0:
        nz = T._to(onnx.Not(onnx.Equal(x, T._to(0, T._dtype(x)))), T._dtype(x))
        return _reduce(onnx.ReduceSum, nz, dims, keepdim)
    powered = onnx.Pow(onnx.Abs(x), T._to(p, T._dtype(x)))
    s = _reduce(onnx.ReduceSum, powered, dims, keepdim)
    return onnx.Pow(s, T._to(1.0 / p, T._dtype(x)))


def norm_except_dim(v, pow=2, dim=0):
    """The pow-norm of v over every axis but DIM, keeping v's rank (the
    norms of weight_norm); over the whole tensor (0-d) when DIM is -1."""
    if dim == -1:
        return norm(v, pow)
    if v.dim() == 0:
        return norm(v, pow)
    d = dim % v.dim()
    axes = [a for a in range(v.dim()) if a != d]
    if len(axes) == 0:
        return norm(_unsqueeze_last(v), pow, [1], keepdim=False)
    return norm(v, pow, axes, keepdim=True)


def _unsqueeze_last(v):
    return T._unsqueeze_axes(v, [v.dim()])


def _weight_norm(v, g, dim=0):
    """v * (g / norm_except_dim(v, 2, dim)): weight_norm's weight."""
    return T.mul(v, T.div(g, norm_except_dim(v, 2, dim)))


def frobenius_norm(input, dim=(), keepdim=False):
    return norm(input, "fro", dim if len(dim) > 0 else None, keepdim)


def dist(input, other, p=2):
    return norm(T.sub(input, other), p)


@T._method
def count_nonzero(input, dim=None):
    nz = T._to(onnx.Not(onnx.Equal(input, T._to(0, T._dtype(input)))), _i64)
    return _reduce(onnx.ReduceSum, nz, _dims(nz, dim), False)


@T._method
def any(input, dim=None, keepdim=False):
    x = T._to(T._to(input, _bool), _i32)
    return T._to(_reduce(onnx.ReduceMax, x, _dims(x, dim), keepdim), _bool)


@T._method
def all(input, dim=None, keepdim=False):
    x = T._to(T._to(input, _bool), _i32)
    return T._to(_reduce(onnx.ReduceMin, x, _dims(x, dim), keepdim), _bool)


# ---- scans ----------------------------------------------------------------

@T._method
def cumsum(input, dim, *, dtype=None):
    x = _int_result(input, dtype)
    d = T._norm_dim(dim, x.dim())
    if x.dim() == 0:
        return x
    return onnx.CumSum(x, T._to(d, _i64))


@T._method
def cumprod(input, dim, *, dtype=None):
    """ONNX has no CumProd: a running product over the slices along DIM,
    unrolled, so DIM's size must be known and small."""
    x = _int_result(input, dtype)
    d = T._norm_dim(dim, x.dim())
    if x.dim() == 0:
        return x
    n = T._static_size(x, d)
    if n is None:
        return T._error("cumprod() along a dimension whose size is known only at run time is not supported yet")
    if n > 256:
        return T._error(f"cumprod() along a dimension of size {n} is not supported yet (at most 256)")
    if n == 0:
        return x
    parts = []
    run = None
    for i in range(n):
        s = T._slice(x, [i], [i + 1], [d])
        run = s if run is None else onnx.Mul(run, s)
        parts.append(run)
    return parts[0] if n == 1 else onnx.Concat(*parts, axis=d)


# ---- sorting --------------------------------------------------------------

def _k_tensor(k):
    return T._to([k], _i64) if _native.is_static(k) else T._unsqueeze_axes(T._to(k, _i64), [0])


def topk(input, k, dim=-1, largest=True, sorted=True, *, out=None):
    d = T._norm_dim(dim, input.dim())
    n = T._static_size(input, d)
    if _native.is_static(k) and n is not None and (k < 0 or k > n):
        return T._error(f"topk(): selected index k out of range (k = {k}, size of dim {d} = {n})")
    x = _comparable(input)
    if _OPSET >= 11:
        values, indices = onnx.TopK(x, _k_tensor(k), axis=d, largest=1 if largest else 0, sorted=1, _outputs=2)
        return _ReturnTuple(T._to(values, T._dtype(input)), indices)
    # before opset 11 TopK only takes the largest: the smallest of x are the
    # largest of -x (before opset 10, k is an attribute)
    y = x if largest else onnx.Neg(x)
    if _OPSET >= 10:
        values, indices = onnx.TopK(y, _k_tensor(k), axis=d, _outputs=2)
    else:
        values, indices = onnx.TopK(y, k=T._static_int(k, "k"), axis=d, _outputs=2)
    if not largest:
        values = onnx.Neg(values)
    return _ReturnTuple(T._to(values, T._dtype(input)), indices)


def sort(input, dim=-1, descending=False, stable=False, *, out=None):
    if input.dim() == 0:
        return _ReturnTuple(input, T._to(0, _i64))
    d = T._norm_dim(dim, input.dim())
    n = T._static_size(input, d)
    return topk(input, n if n is not None else input.size(d), d, largest=descending)


def argsort(input, dim=-1, descending=False, stable=False):
    return sort(input, dim, descending).indices


def msort(input):
    return sort(input, 0).values


@T._method
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    dt = T._dtype(input)
    if dt != _f32 and dt != _i64 and dt != _native.int8:
        # ONNX Runtime's Unique takes float32, int64 and int8
        y = unique(T._to(input, _f32 if _native.is_floating(dt) else _i64), sorted, return_inverse,
                   return_counts, dim)
        if isinstance(y, tuple):
            return (T._to(y[0], dt),) + tuple(y[1:])
        return T._to(y, dt)
    if dim is None:
        y, first, inverse, counts = onnx.Unique(input, sorted=1, _outputs=4)
        inverse = T._reshape_to(inverse, input)
    else:
        d = T._norm_dim(dim, input.dim())
        y, first, inverse, counts = onnx.Unique(input, axis=d, sorted=1, _outputs=4)
    if return_inverse and return_counts:
        return (y, inverse, counts)
    if return_inverse:
        return (y, inverse)
    if return_counts:
        return (y, counts)
    return y


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    return T._error("unique_consecutive() is not supported yet")
