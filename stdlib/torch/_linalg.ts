# Differences, distances and norms: torch.diff, torch.cdist, and the
# vector and matrix norms of torch.linalg (norm, vector_norm,
# matrix_norm), written as PyTorch's ATen writes them: matrix norms are
# vector norms along one dimension followed by a max or min along the
# other.  The norms that need singular values ('nuc', ord=2 and -2 of a
# matrix) have no ONNX operator and are refused.
import onnx
import _native

__all__ = ["diff", "cdist", "det", "logdet"]
import torch._impl as T
import torch._reduce as R

_OPSET = _native.opset
_i64 = _native.int64
_bool = _native.bool_
_INF = float("inf")

# PyTorch's names of the element types in its messages
_TYPE_NAMES = {_native.float32: "Float", _native.float64: "Double", _native.float16: "Half",
               _native.bfloat16: "BFloat16", _i64: "Long", _native.int32: "Int", _native.int16: "Short",
               _native.int8: "Char", _native.uint8: "Byte", _bool: "Bool"}


# the floating types by width: a cast to a narrower one is refused
_FLOAT_RANK = {_native.float16: 0, _native.bfloat16: 0, _native.float32: 1, _native.float64: 2}


def _type_name(dt):
    return _TYPE_NAMES[dt]


# ---- diff -------------------------------------------------------------------

@T._method
def diff(input, n=1, dim=-1, prepend=None, append=None):
    """N-th forward differences along DIM: x[1:] - x[:-1] (for bool, !=)
    N times, after PREPEND and APPEND are concatenated."""
    if input.dim() == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    n = T._static_int(n, "n")
    # a negative n is no difference in PyTorch 1.13 (no check, an empty loop)
    d = T._norm_dim(dim, input.dim())
    for other in (prepend, append):
        if other is not None and other.dim() != input.dim():
            raise RuntimeError("diff expects prepend or append to be the same dimension as input")
    parts = [t for t in (prepend, input, append) if t is not None]
    x = T.cat(parts, d) if len(parts) > 1 else input
    size = T._static_size(x, d)
    if size is not None and n > size:
        n = size
    for i in range(n):
        hi = T._slice(x, [1], [T._INT64_MAX], [d])
        lo = T._slice(x, [0], [-1], [d])
        x = onnx.Xor(hi, lo) if T._dtype(x) == _bool else T.sub(hi, lo)
    return x


# ---- vector and matrix norms ---------------------------------------------------

def _check_norm_dtype(x, dtype, name):
    """INPUT as the norm computes it: floating, cast to DTYPE when given, as
    linalg's checks allow."""
    dt = T._dtype(x)
    if not _native.is_floating(dt):
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. Got {_type_name(dt)}")
    if dtype is not None:
        if not _native.is_floating(dtype):
            raise RuntimeError(f"{name}: dtype should be floating point or complex. Got {_type_name(dtype)}")
        if _FLOAT_RANK[dt] > _FLOAT_RANK[dtype] or (dt != dtype and _FLOAT_RANK[dt] == _FLOAT_RANK[dtype]):
            raise RuntimeError(f"{name}: the dtype of the input ({_type_name(dt)}) should be convertible "
                               f"without narrowing to the specified dtype ({_type_name(dtype)})")
        return T._to(x, dtype)
    return x


def _vector_norm(x, ord, dims, keepdim):
    """The ORD-norm of floating X over DIMS (None: all): PyTorch's cases."""
    if ord == 2:
        return R._reduce(onnx.ReduceL2, x, dims, keepdim)
    if ord == 1:
        return R._reduce(onnx.ReduceL1, x, dims, keepdim)
    if ord == _INF:
        return R._reduce(onnx.ReduceMax, onnx.Abs(x), dims, keepdim)
    if ord == -_INF:
        return R._reduce(onnx.ReduceMin, onnx.Abs(x), dims, keepdim)
    if ord == 0:
        # x != 0 (NaN counts); Equal takes floats from opset 11
        zero = T._to(0, T._dtype(x))
        ne = onnx.Not(onnx.Equal(x, zero)) if _OPSET >= 11 else \
            onnx.Or(onnx.Greater(onnx.Abs(x), zero), onnx.IsNaN(x))
        nz = T._to(ne, T._dtype(x))
        return R._reduce(onnx.ReduceSum, nz, dims, keepdim)
    powered = onnx.Pow(onnx.Abs(x), T._to(float(ord), T._dtype(x)))
    s = R._reduce(onnx.ReduceSum, powered, dims, keepdim)
    return onnx.Pow(s, T._to(1.0 / ord, T._dtype(x)))


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    if isinstance(ord, str) or isinstance(ord, bool):
        raise TypeError(f"linalg_vector_norm(): argument 'ord' must be Number, not {type(ord).__name__}")
    a = _check_norm_dtype(x, dtype, "linalg.vector_norm")
    dims = T._norm_dims(dim, a.dim())
    if (ord < 0 or ord == _INF) and a.dim() > 0:
        for d in (range(a.dim()) if dims is None else dims):
            if T._static_size(a, d) == 0:
                raise RuntimeError(f"linalg.vector_norm cannot compute the {ord} norm on an empty tensor "
                                   "because the operation does not have an identity")
    if dims is None and a.dim() > 0:
        # every element: one vector (keepdim keeps every dimension as 1)
        r = _vector_norm(T.reshape(a, (-1,)), ord, [0], False)
        return T.reshape(r, [1] * a.dim()) if keepdim else r
    return _vector_norm(a, ord, dims, keepdim)


def _matrix_dims(A, dim):
    if isinstance(dim, int) or len(dim) != 2:
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {_dims_text(dim)}")
    d0 = T._norm_dim(dim[0], A.dim())
    d1 = T._norm_dim(dim[1], A.dim())
    if d0 == d1:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({d0}, {d1})")
    return [d0, d1]


def _dims_text(dim):
    if isinstance(dim, int):
        return str(dim)
    return ", ".join([str(d) for d in dim])


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    if isinstance(ord, str):
        if ord != "fro" and ord != "nuc":
            raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    elif ord != 1 and ord != -1 and ord != 2 and ord != -2 and ord != _INF and ord != -_INF:
        raise RuntimeError(f"linalg.matrix_norm: Order {_num_text(ord)} not supported.")
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    dims = _matrix_dims(A, dim)
    a = _check_norm_dtype(A, dtype, "linalg.matrix_norm")
    if ord == "nuc" or ord == 2 or ord == -2:
        shown = "'nuc'" if ord == "nuc" else str(ord)
        return T._error(f"linalg.matrix_norm(ord={shown}) needs singular values, which no ONNX operator "
                        "computes: not supported")
    if ord == "fro":
        return _vector_norm(a, 2, sorted(dims), keepdim)
    # the inf norm is the 1 norm of the transposed matrix
    if ord == _INF or ord == -_INF:
        dims = [dims[1], dims[0]]
    s = _vector_norm(a, 1, [dims[0]], keepdim)
    d1 = dims[1] - 1 if not keepdim and dims[0] < dims[1] else dims[1]
    op = onnx.ReduceMax if ord > 0 else onnx.ReduceMin
    return R._reduce(op, s, [d1], keepdim)


def _num_text(v):
    """A number as ATen prints a Scalar: 3 for 3.0."""
    if isinstance(v, float) and v == int(v):
        return str(int(v))
    return str(v)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None, out=None):
    """torch.linalg.norm: a matrix norm when ORD is given and DIM names two
    dimensions (or A is 2-D and DIM is None), else a vector norm."""
    if isinstance(dim, int):
        dim = (dim,)
    if isinstance(ord, str):
        if dim is not None:
            if len(dim) != 1 and len(dim) != 2:
                raise RuntimeError(f"linalg.norm: If dim is specified, it mut be of length 1 or 2. "
                                   f"Got [{_dims_text(dim)}]")
        elif A.dim() != 1 and A.dim() != 2:
            raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. "
                               f"Got {A.dim()}D.")
        return matrix_norm(A, ord, (0, 1) if dim is None else dim, keepdim, dtype=dtype)
    if dim is not None:
        if len(dim) != 1 and len(dim) != 2:
            raise RuntimeError(f"linalg.norm: If {'ord' if ord is not None else 'dim'} is specified, it must "
                               f"be of length 1 or 2. Got [{_dims_text(dim)}]")
    elif ord is not None and A.dim() != 1 and A.dim() != 2:
        raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. "
                           f"Got {A.dim()}D.")
    if ord is not None and ((dim is not None and len(dim) == 2) or (dim is None and A.dim() == 2)):
        return matrix_norm(A, ord, (0, 1) if dim is None else dim, keepdim, dtype=dtype)
    return vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype=dtype)


# ---- cdist ----------------------------------------------------------------

def cdist(x1, x2, p=2.0, compute_mode=None):
    """The p-norm distance between each row of X1 and each row of X2, over
    broadcast batch dimensions: [..., P, M] and [..., R, M] give [..., P, R].
    compute_mode (PyTorch's choice of a matrix-product formula for p=2) does
    not change the values beyond rounding; the difference formula is used."""
    if x1.dim() < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X1 got: {x1.dim()}D")
    if x2.dim() < 2:
        raise RuntimeError(f"cdist only supports at least 2D tensors, X2 got: {x2.dim()}D")
    c1 = T._static_size(x1, x1.dim() - 1)
    c2 = T._static_size(x2, x2.dim() - 1)
    if c1 is not None and c2 is not None and c1 != c2:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: {c1} X2: {c2}")
    if not _native.is_floating(T._dtype(x1)):
        raise RuntimeError(f"cdist only supports floating-point dtypes, X1 got: {_type_name(T._dtype(x1))}")
    if not _native.is_floating(T._dtype(x2)):
        raise RuntimeError(f"cdist only supports floating-point dtypes, X2 got: {_type_name(T._dtype(x2))}")
    if T._dtype(x1) != T._dtype(x2):
        raise RuntimeError(f"expected scalar type {_type_name(T._dtype(x1))} but found "
                           f"{_type_name(T._dtype(x2))}")
    if p < 0:
        raise RuntimeError("cdist only supports non-negative p values")
    if compute_mode is not None and compute_mode != "use_mm_for_euclid_dist_if_necessary" and \
            compute_mode != "use_mm_for_euclid_dist" and compute_mode != "donot_use_mm_for_euclid_dist":
        raise RuntimeError(f"{compute_mode} is not a valid value for compute_mode")
    # [..., P, 1, M] - [..., 1, R, M]
    d = onnx.Sub(T._unsqueeze_axes(x1, [x1.dim() - 1]), T._unsqueeze_axes(x2, [x2.dim() - 2]))
    return _vector_norm(d, p, [d.dim() - 1], False)


# ---- determinants -------------------------------------------------------------

def _square_floating(A, name):
    if A.dim() < 2:
        raise RuntimeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if not _native.is_floating(T._dtype(A)):
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. "
                           f"Got {_type_name(T._dtype(A))}")
    m, n = _native.static_size(A, -2), _native.static_size(A, -1)
    if m is not None and n is not None and m != n:
        raise RuntimeError(f"{name}: A must be batches of square matrices, but they are {m} by {n} matrices")
    if T._dtype(A) == _native.bfloat16:
        return T._error(f"{name} of a bfloat16 tensor is not supported yet (ONNX's Det takes float16, "
                        "float and double)")
    if _OPSET < 11:
        return T._error(f"{name} needs opset 11 or later (Det)")
    return A


def _det(A, name):
    """onnx.Det: an LU decomposition, as PyTorch's."""
    return onnx.Det(_square_floating(A, name))


@T._method
def det(input):
    return _det(input, "linalg.det")


@T._method
def logdet(input):
    """log(det): NaN for a negative determinant, -inf for a singular
    matrix, as PyTorch's logdet (from slogdet's sign and log|det|)."""
    return onnx.Log(_det(input, "logdet"))
