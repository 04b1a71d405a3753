# torch.Tensor: the methods and operators of tensor values.  Tensors are
# values of the compiler, not instances; reading an attribute of a tensor
# looks it up in this class.
import _native
import torch._impl as T


class dtype:
    """torch.dtype, the class of torch.float32 and friends."""

    @property
    def is_floating_point(self):
        return _native.is_floating(self)


class Tensor:
    # ---- facts ----
    @property
    def shape(self):
        return _native.shape(self)

    @property
    def dtype(self):
        return _native.dtype_of(self)

    @property
    def ndim(self):
        return _native.rank(self)

    @property
    def T(self):
        return T.permute(self, list(range(_native.rank(self) - 1, -1, -1)))

    @property
    def data(self):
        return _native.detach(self)

    @property
    def device(self):
        return "cpu"

    @property
    def is_cuda(self):
        return False

    @property
    def requires_grad(self):
        return False

    def size(self, dim=None):
        if dim is None:
            return _native.shape(self)
        return _native.size(self, dim)

    def dim(self):
        return _native.rank(self)

    def ndimension(self):
        return _native.rank(self)

    def numel(self):
        return _native.numel(self)

    def nelement(self):
        return _native.numel(self)

    def __len__(self):
        if _native.rank(self) == 0:
            raise TypeError("len() of a 0-d tensor")
        return _native.size(self, 0)

    def is_floating_point(self):
        return _native.is_floating(_native.dtype_of(self))

    def type_as(self, other):
        return T._to(self, _native.dtype_of(other))

    # ---- Python numbers: run-time numbers when the tensor is computed at
    # run time (see torch/_scalar.ts); control flow on them becomes If/Loop
    def __bool__(self):
        return _native.scalar(T._to(self, _native.bool_))

    def __int__(self):
        return _native.scalar(T._to(self, _native.int64))

    def __index__(self):
        return _native.scalar(T._to(self, _native.int64))

    def __float__(self):
        return _native.scalar(T._to(self, _native.float32))

    def item(self):
        return _native.scalar(self)

    # ---- no-ops in an exported graph ----
    def contiguous(self, memory_format=None):
        return self

    def detach(self):
        return _native.detach(self)

    def clone(self, memory_format=None):
        return self

    def cpu(self):
        return self

    def cuda(self, device=None, non_blocking=False):
        return self

    def requires_grad_(self, requires_grad=True):
        return self

    # ---- conversions ----
    def to(self, *args, dtype=None, device=None, non_blocking=False, copy=False, memory_format=None):
        for a in args:
            if isinstance(a, type(_native.float32)):
                dtype = a
            elif _native.is_tensor(a):
                dtype = _native.dtype_of(a)
        if dtype is None:
            return self
        return T._to(self, dtype)

    def type(self, dtype=None):
        return self if dtype is None else T._to(self, dtype)

    def float(self):
        return T._to(self, _native.float32)

    def double(self):
        return T._to(self, _native.float64)

    def half(self):
        return T._to(self, _native.float16)

    def long(self):
        return T._to(self, _native.int64)

    def int(self):
        return T._to(self, _native.int32)

    def bool(self):
        return T._to(self, _native.bool_)

    # ---- operators ----
    def __add__(self, other):
        return T.add(self, other)

    def __radd__(self, other):
        return T.add(other, self)

    def __iadd__(self, other):
        return T.add(self, other)

    def __sub__(self, other):
        return T.sub(self, other)

    def __rsub__(self, other):
        return T.sub(other, self)

    def __mul__(self, other):
        return T.mul(self, other)

    def __rmul__(self, other):
        return T.mul(other, self)

    def __truediv__(self, other):
        return T.div(self, other)

    def __rtruediv__(self, other):
        return T.div(other, self)

    def __floordiv__(self, other):
        return T.floor_divide(self, other)

    def __rfloordiv__(self, other):
        return T.floor_divide(other, self)

    def __mod__(self, other):
        return T.remainder(self, other)

    def __rmod__(self, other):
        return T.remainder(other, self)

    def __pow__(self, other):
        return T.pow(self, other)

    def __rpow__(self, other):
        return T.pow(other, self)

    def __matmul__(self, other):
        return T.matmul(self, other)

    def __rmatmul__(self, other):
        return T.matmul(other, self)

    def __neg__(self):
        return T.neg(self)

    def __pos__(self):
        return self

    def __abs__(self):
        return T.abs(self)

    def __invert__(self):
        return T.logical_not(self)

    def __and__(self, other):
        return T.logical_and(self, other)

    def __or__(self, other):
        return T.logical_or(self, other)

    def __eq__(self, other):
        return T.eq(self, other)

    def __ne__(self, other):
        return T.ne(self, other)

    def __lt__(self, other):
        return T.lt(self, other)

    def __gt__(self, other):
        return T.gt(self, other)

    def __le__(self, other):
        return T.le(self, other)

    def __ge__(self, other):
        return T.ge(self, other)

    # ---- methods mirroring torch functions ----
    def add(self, other, *, alpha=1):
        return T.add(self, other, alpha=alpha)

    def sub(self, other, *, alpha=1):
        return T.sub(self, other, alpha=alpha)

    def mul(self, other):
        return T.mul(self, other)

    def div(self, other, *, rounding_mode=None):
        return T.div(self, other, rounding_mode=rounding_mode)

    def pow(self, exponent):
        return T.pow(self, exponent)

    def matmul(self, other):
        return T.matmul(self, other)

    def mm(self, other):
        return T.mm(self, other)

    def bmm(self, other):
        return T.bmm(self, other)

    def neg(self):
        return T.neg(self)

    def abs(self):
        return T.abs(self)

    def exp(self):
        return T.exp(self)

    def log(self):
        return T.log(self)

    def sqrt(self):
        return T.sqrt(self)

    def rsqrt(self):
        return T.rsqrt(self)

    def sin(self):
        return T.sin(self)

    def cos(self):
        return T.cos(self)

    def tanh(self):
        return T.tanh(self)

    def sigmoid(self):
        return T.sigmoid(self)

    def relu(self):
        return T.relu(self)

    def reciprocal(self):
        return T.reciprocal(self)

    def floor(self):
        return T.floor(self)

    def ceil(self):
        return T.ceil(self)

    def round(self):
        return T.round(self)

    def sign(self):
        return T.sign(self)

    def softmax(self, dim, dtype=None):
        return T.softmax(self, dim, dtype)

    def log_softmax(self, dim, dtype=None):
        return T.log_softmax(self, dim, dtype)

    def view(self, *shape):
        return T.reshape(self, T._size_args(shape))

    def reshape(self, *shape):
        return T.reshape(self, T._size_args(shape))

    def view_as(self, other):
        return T.reshape(self, other.shape)

    def reshape_as(self, other):
        return T.reshape(self, other.shape)

    def flatten(self, start_dim=0, end_dim=-1):
        return T.flatten(self, start_dim, end_dim)

    def transpose(self, dim0, dim1):
        return T.transpose(self, dim0, dim1)

    def permute(self, *dims):
        return T.permute(self, T._size_args(dims))

    def t(self):
        return T.t(self)

    def unsqueeze(self, dim):
        return T.unsqueeze(self, dim)

    def squeeze(self, dim=None):
        return T.squeeze(self, dim)


# torch.Size is a tuple of ints; shapes here are plain tuples.
Size = tuple

_native.register("Tensor", Tensor)
_native.register("dtype", dtype)
