# torch.Tensor: the methods and operators of tensor values.  Tensors are
# values of the compiler, not instances; reading an attribute of a tensor
# looks it up in this class.
#
# Most methods are torch functions as they are (x.exp() is torch.exp(x)):
# those are marked @_method at their def and installed at the end of this
# file.  The class holds the methods that differ from their function:
# properties, conversions, operators, other parameters or defaults (add()
# has no out=, softmax() needs its dim, split() names split_size), and the
# in-place forms.
#
# In-place methods (add_, masked_fill_, copy_ ...) and augmented operators
# (x += y) compute the result functionally and write it into the tensor
# (torch._index._inplace): every name bound to it, and the tensor a view was
# taken from, see the new value.
import _native
import torch._impl as T
import torch._reduce as R
import torch._index as I
import torch._random as Rnd
import torch._signal as Sig
import torch._layout as L
import torch._linalg
import torch._complex as C


class dtype:
    """torch.dtype, the class of torch.float32 and friends."""

    @property
    def is_floating_point(self):
        return _native.is_floating(self)

    @property
    def is_signed(self):
        return self != _native.uint8 and self != _native.bool_


# Tensor.type()'s names of the CPU tensor types
_TENSOR_TYPE_NAMES = (
    (_native.float32, "torch.FloatTensor"), (_native.float64, "torch.DoubleTensor"),
    (_native.float16, "torch.HalfTensor"), (_native.bfloat16, "torch.BFloat16Tensor"),
    (_native.int64, "torch.LongTensor"), (_native.int32, "torch.IntTensor"),
    (_native.int16, "torch.ShortTensor"), (_native.int8, "torch.CharTensor"),
    (_native.uint8, "torch.ByteTensor"), (_native.bool_, "torch.BoolTensor"),
)


def _ip(self, new, name):
    return I._inplace(self, new, name)


class device(str):
    """torch.device: every tensor is on the CPU.  A str ("cpu") so that
    comparisons with strings work, with .type and .index."""

    @property
    def type(self):
        return "cpu"

    @property
    def index(self):
        return None


CPU = device("cpu")


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
    def mT(self):
        return T.transpose(self, -2, -1)

    @property
    def data(self):
        return self.detach()

    def __setattr__(self, name, value):
        # `t.data = v` (torchaudio's HDemucs: `weight.data /= scale`) sets
        # the values of t, which every alias of t sees; PyTorch also lets it
        # change the shape, which a tensor here cannot
        if name != "data":
            return T._error(f"cannot set attribute '{name}' of 'Tensor'")
        if not _native.is_tensor(value):
            raise TypeError(f"Variable data has to be a tensor, but got {type(value).__name__}")
        if T._dtype(value) != T._dtype(self):
            raise RuntimeError("Attempted to call `variable.set_data(tensor)`, but `variable` and `tensor` have "
                               "incompatible tensor type.")
        if _native.static_shape(value) != _native.static_shape(self):
            return T._error(f"setting .data to a tensor of another shape ({_native.shape_text(value)} for "
                            f"{_native.shape_text(self)}) is not supported")
        self.copy_(value)

    @property
    def device(self):
        return CPU

    @property
    def is_cuda(self):
        return False

    @property
    def requires_grad(self):
        return False

    @property
    def grad(self):
        return None

    @property
    def is_sparse(self):
        return False

    @property
    def layout(self):
        return None

    def size(self, dim=None):
        if dim is None:
            return _native.shape(self)
        return _native.size(self, dim)

    def dim(self):
        return _native.rank(self)

    def ndimension(self):
        return _native.rank(self)

    def nelement(self):
        return T.numel(self)

    def repeat_interleave(self, repeats, dim=None, *, output_size=None):
        # repeats is required: torch.repeat_interleave(r) has no method form
        return L.repeat_interleave(self, repeats, dim, output_size=output_size)

    def stride(self, dim=None):
        return L._stride(self, dim)

    def element_size(self):
        return {_native.float64: 8, _native.int64: 8, _native.float32: 4, _native.int32: 4,
                _native.float16: 2, _native.bfloat16: 2, _native.int16: 2}.get(self.dtype, 1)

    def __len__(self):
        if _native.rank(self) == 0:
            raise TypeError("len() of a 0-d tensor")
        return _native.size(self, 0)

    def __iter__(self):
        if _native.rank(self) == 0:
            raise TypeError("iteration over a 0-d tensor")
        return I.unbind(self, 0)

    def __contains__(self, element):
        return _native.python_number(R.any(T.eq(self, element)), "bool")

    def is_floating_point(self):
        return _native.is_floating(_native.dtype_of(self))

    def is_contiguous(self, memory_format=None):
        return True

    def is_pinned(self, device=None):
        return False

    def get_device(self):
        return -1

    def type_as(self, other):
        return T._to(self, _native.dtype_of(other))

    # Tensors read as Python numbers: constants in a trace (python_number)
    def item(self):
        return _native.python_number(self, "item")

    def __int__(self):
        return int(_native.python_number(self, "int"))

    def __float__(self):
        return float(_native.python_number(self, "float"))

    def __bool__(self):
        return bool(_native.python_number(T._to(self, _native.bool_), "bool"))

    def __index__(self):
        return _native.python_number(self, "index")

    def tolist(self):
        values = _native.tolist(self)
        if values is None:
            return T._error("tolist() of a tensor known only when the graph runs is not supported")
        return values

    def __getitem__(self, index):
        return I._getitem(self, index)

    def __setitem__(self, index, value):
        return I._setitem(self, index, value)

    # ---- no-ops in an exported graph ----
    def contiguous(self, memory_format=None):
        return self

    def detach(self):
        r = _native.detach(self)
        return T._view(r, self, lambda b: b, lambda b, v: v)

    def detach_(self):
        return self

    def clone(self, memory_format=None):
        return _native.copy(self)

    def cpu(self):
        return self

    def cuda(self, device=None, non_blocking=False):
        return self

    def pin_memory(self):
        return self

    def requires_grad_(self, requires_grad=True):
        return self

    def retain_grad(self):
        return None

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

    def type(self, dtype=None, non_blocking=False):
        # x.type() names the tensor type; x.type(t) casts, t a dtype or a name
        names = _TENSOR_TYPE_NAMES
        if dtype is None:
            for dt, name in names:
                if dt == self.dtype:
                    return name
        if isinstance(dtype, str):
            for dt, name in names:
                if name == dtype or name == "torch." + dtype:
                    return T._to(self, dt)
            raise ValueError(f"invalid type: '{dtype}'")
        return T._to(self, dtype)

    def float(self):
        return T._to(self, _native.float32)

    def double(self):
        return T._to(self, _native.float64)

    def half(self):
        return T._to(self, _native.float16)

    def bfloat16(self):
        return T._to(self, _native.bfloat16)

    def long(self):
        return T._to(self, _native.int64)

    def int(self):
        return T._to(self, _native.int32)

    def short(self):
        return T._to(self, _native.int16)

    def char(self):
        return T._to(self, _native.int8)

    def byte(self):
        return T._to(self, _native.uint8)

    def bool(self):
        return T._to(self, _native.bool_)

    # ---- complex parts: a real tensor is its own real part ----
    @property
    def real(self):
        return self

    @property
    def imag(self):
        raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")

    def is_complex(self):
        return False

    def angle(self):
        return T._real_angle(self)

    def istft(self, *args, **kwargs):
        # a real tensor is the deprecated real view of the spectrum
        return Sig.istft(self, *args, **kwargs)

    # ---- operators ----
    def __add__(self, other):
        if C._is_complex_value(other):
            return NotImplemented       # ComplexTensor.__radd__
        return T.add(self, other)

    def __radd__(self, other):
        if C._is_complex_value(other):
            return NotImplemented
        return T.add(other, self)

    def __iadd__(self, other):
        return _ip(self, T.add(self, other), "add_")

    def __sub__(self, other):
        if C._is_complex_value(other):
            return NotImplemented       # ComplexTensor.__rsub__
        return T.sub(self, other)

    def __rsub__(self, other):
        if C._is_complex_value(other):
            return NotImplemented
        return T.sub(other, self)

    def __isub__(self, other):
        return _ip(self, T.sub(self, other), "sub_")

    def __mul__(self, other):
        if C._is_complex_value(other):
            return NotImplemented       # ComplexTensor.__rmul__
        return T.mul(self, other)

    def __rmul__(self, other):
        if C._is_complex_value(other):
            return NotImplemented
        return T.mul(other, self)

    def __imul__(self, other):
        return _ip(self, T.mul(self, other), "mul_")

    def __truediv__(self, other):
        if C._is_complex_value(other):
            return NotImplemented       # ComplexTensor.__rtruediv__
        return T.div(self, other)

    def __rtruediv__(self, other):
        if C._is_complex_value(other):
            return NotImplemented
        return T.div(other, self)

    def __itruediv__(self, other):
        return _ip(self, T.div(self, other), "div_")

    def __floordiv__(self, other):
        return T.floor_divide(self, other)

    def __rfloordiv__(self, other):
        return T.floor_divide(other, self)

    def __ifloordiv__(self, other):
        return _ip(self, T.floor_divide(self, other), "floor_divide_")

    def __mod__(self, other):
        return T.remainder(self, other)

    def __rmod__(self, other):
        return T.remainder(other, self)

    def __imod__(self, other):
        return _ip(self, T.remainder(self, other), "remainder_")

    def __pow__(self, other):
        return T.pow(self, other)

    def __rpow__(self, other):
        return T.pow(other, self)

    def __ipow__(self, other):
        return _ip(self, T.pow(self, other), "pow_")

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
        return T.bitwise_not(self)

    def __and__(self, other):
        return T.bitwise_and(self, other)

    def __rand__(self, other):
        return T.bitwise_and(other, self)

    def __iand__(self, other):
        return _ip(self, T.bitwise_and(self, other), "bitwise_and_")

    def __or__(self, other):
        return T.bitwise_or(self, other)

    def __ror__(self, other):
        return T.bitwise_or(other, self)

    def __ior__(self, other):
        return _ip(self, T.bitwise_or(self, other), "bitwise_or_")

    def __xor__(self, other):
        return T.bitwise_xor(self, other)

    def __rxor__(self, other):
        return T.bitwise_xor(other, self)

    def __lshift__(self, other):
        return T._lshift(self, other)

    def __rlshift__(self, other):
        return T._lshift(other, self)

    def __rshift__(self, other):
        return T._rshift(self, other)

    def __rrshift__(self, other):
        return T._rshift(other, self)

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

    # ---- arithmetic ----
    def add(self, other, *, alpha=1):
        return T.add(self, other, alpha=alpha)

    def sub(self, other, *, alpha=1):
        return T.sub(self, other, alpha=alpha)

    subtract = sub

    def mul(self, other):
        return T.mul(self, other)

    multiply = mul

    def div(self, other, *, rounding_mode=None):
        return T.div(self, other, rounding_mode=rounding_mode)

    divide = div
    true_divide = div

    def mm(self, other):
        return T.mm(self, other)

    def bmm(self, other):
        return T.bmm(self, other)

    def addmm(self, mat1, mat2, *, beta=1, alpha=1):
        return T.addmm(self, mat1, mat2, beta=beta, alpha=alpha)

    def baddbmm(self, batch1, batch2, *, beta=1, alpha=1):
        return T.baddbmm(self, batch1, batch2, beta=beta, alpha=alpha)

    def clamp(self, min=None, max=None):
        return T.clamp(self, min, max)

    clip = clamp

    def clamp_min(self, min):
        return T.clamp(self, min=min)

    def clamp_max(self, max):
        return T.clamp(self, max=max)

    def lerp(self, end, weight):
        return T.add(self, T.mul(T.sub(end, self), weight))

    # ---- comparisons and logic ----
    def where(self, condition, y):
        return T.where(condition, self, y)

    # ---- elementwise math ----
    def softmax(self, dim, dtype=None):
        return T.softmax(self, dim, dtype)

    def log_softmax(self, dim, dtype=None):
        return T.log_softmax(self, dim, dtype)

    # ---- reductions ----
    def max(self, dim=None, keepdim=False):
        return R.max(self, dim, keepdim)

    def min(self, dim=None, keepdim=False):
        return R.min(self, dim, keepdim)

    def norm(self, p="fro", dim=None, keepdim=False, dtype=None):
        return R.norm(self, p, dim, keepdim, dtype=dtype)

    def sort(self, dim=-1, descending=False, stable=False):
        return R.sort(self, dim, descending)

    def argsort(self, dim=-1, descending=False, stable=False):
        return R.argsort(self, dim, descending)

    def topk(self, k, dim=-1, largest=True, sorted=True):
        return R.topk(self, k, dim, largest, sorted)

    # ---- shapes ----
    def view(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], type(_native.float32)):
            return T._error("view(dtype) (reinterpreting the bytes) is not supported")
        return T.reshape(self, T._size_args(shape))

    def reshape(self, *shape):
        return T.reshape(self, T._size_args(shape))

    def view_as(self, other):
        return T._shape_view(T._reshape_to(self, other), self)

    def reshape_as(self, other):
        return T._shape_view(T._reshape_to(self, other), self)

    def permute(self, *dims):
        return T.permute(self, T._size_args(dims))

    def expand(self, *sizes):
        return T.expand(self, T._size_args(sizes))

    def repeat(self, *sizes):
        return T.repeat(self, T._size_args(sizes))

    def tile(self, *dims):
        return T.tile(self, T._size_args(dims))

    def flip(self, *dims):
        return T.flip(self, T._size_args(dims))

    # ---- indexing ----
    def split(self, split_size, dim=0):
        return I.split(self, split_size, dim)

    def gather(self, dim, index):
        return I.gather(self, dim, index)

    def index_put(self, indices, values, accumulate=False):
        if accumulate:
            return T._error("index_put(accumulate=True) is not supported yet")
        return I._index_put(self, tuple(indices), values)

    def nonzero(self, *, as_tuple=False):
        return T.nonzero(self, as_tuple=as_tuple)

    # ---- in place ----
    # Written out rather than derived: a wrapper around the function would
    # report a wrong call as add() rather than add_().
    def add_(self, other, *, alpha=1):
        return _ip(self, T.add(self, other, alpha=alpha), "add_")

    def sub_(self, other, *, alpha=1):
        return _ip(self, T.sub(self, other, alpha=alpha), "sub_")

    def mul_(self, other):
        return _ip(self, T.mul(self, other), "mul_")

    def div_(self, other, *, rounding_mode=None):
        return _ip(self, T.div(self, other, rounding_mode=rounding_mode), "div_")

    def pow_(self, exponent):
        return _ip(self, T.pow(self, exponent), "pow_")

    def neg_(self):
        return _ip(self, T.neg(self), "neg_")

    def abs_(self):
        return _ip(self, T.abs(self), "abs_")

    def exp_(self):
        return _ip(self, T.exp(self), "exp_")

    def log_(self):
        return _ip(self, T.log(self), "log_")

    def sqrt_(self):
        return _ip(self, T.sqrt(self), "sqrt_")

    def floor_(self):
        return _ip(self, T.floor(self), "floor_")

    def ceil_(self):
        return _ip(self, T.ceil(self), "ceil_")

    def round_(self):
        return _ip(self, T.round(self), "round_")

    def sigmoid_(self):
        return _ip(self, T.sigmoid(self), "sigmoid_")

    def tanh_(self):
        return _ip(self, T.tanh(self), "tanh_")

    def relu_(self):
        return _ip(self, T.relu(self), "relu_")

    def reciprocal_(self):
        return _ip(self, T.reciprocal(self), "reciprocal_")

    def clamp_(self, min=None, max=None):
        return _ip(self, T.clamp(self, min, max), "clamp_")

    clip_ = clamp_

    def clamp_min_(self, min):
        return _ip(self, T.clamp(self, min=min), "clamp_min_")

    def clamp_max_(self, max):
        return _ip(self, T.clamp(self, max=max), "clamp_max_")

    def masked_fill_(self, mask, value):
        return _ip(self, I.masked_fill(self, mask, value), "masked_fill_")

    def index_fill_(self, dim, index, value):
        return _ip(self, I.index_fill(self, dim, index, value), "index_fill_")

    def index_copy_(self, dim, index, source):
        return _ip(self, I.index_copy(self, dim, index, source), "index_copy_")

    def index_add_(self, dim, index, source, *, alpha=1):
        return _ip(self, I.index_add(self, dim, index, source, alpha=alpha), "index_add_")

    def index_put_(self, indices, values, accumulate=False):
        return _ip(self, self.index_put(indices, values, accumulate), "index_put_")

    def scatter_(self, dim, index, src=None, *, value=None, reduce=None):
        return _ip(self, I.scatter(self, dim, index, src, value=value, reduce=reduce), "scatter_")

    def scatter_add_(self, dim, index, src):
        return _ip(self, I.scatter_add(self, dim, index, src), "scatter_add_")

    def copy_(self, src, non_blocking=False):
        new = T._to(src, T._dtype(self))
        return I._write(self, T.expand_as(new, self) if _native.static_shape(new) != _native.static_shape(self)
                        else new)

    def zero_(self):
        if _native.is_static(self):
            return _native.init_fill(self, 0)
        return I._write(self, T.zeros_like(self))

    def fill_(self, value):
        if _native.is_static(self) and _native.is_static(value) and not _native.is_tensor(value):
            return _native.init_fill(self, value)
        return I._write(self, T.full_like(self, value))

    def uniform_(self, a=0.0, b=1.0, *, generator=None):
        if _native.is_static(self):
            return _native.init_uniform(self, a, b)
        return I._write(self, T._to(Rnd.rand_like(T._floating(self)) * (b - a) + a, T._dtype(self)))

    def normal_(self, mean=0.0, std=1.0, *, generator=None):
        if _native.is_static(self):
            return _native.init_normal(self, mean, std)
        return I._write(self, T._to(Rnd.randn_like(T._floating(self)) * std + mean, T._dtype(self)))

    def bernoulli_(self, p=0.5, *, generator=None):
        return I._write(self, Rnd.bernoulli(self, p))

    def unsqueeze_(self, dim):
        return I._write(self, T.unsqueeze(self, dim))

    def squeeze_(self, dim=None):
        return I._write(self, T.squeeze(self, dim))

    def t_(self):
        return I._write(self, T.t(self))

    def transpose_(self, dim0, dim1):
        return I._write(self, T.transpose(self, dim0, dim1))

    # ---- random ----
    def bernoulli(self, p=None):
        return Rnd.bernoulli(self, p)

    # ---- new tensors like this one ----
    def new_zeros(self, *size, dtype=None, device=None, requires_grad=False):
        return T.zeros(T._size_args(size), dtype=self.dtype if dtype is None else dtype)

    def new_ones(self, *size, dtype=None, device=None, requires_grad=False):
        return T.ones(T._size_args(size), dtype=self.dtype if dtype is None else dtype)

    def new_empty(self, *size, dtype=None, device=None, requires_grad=False):
        return T.zeros(T._size_args(size), dtype=self.dtype if dtype is None else dtype)

    def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False):
        return T.full(size, fill_value, dtype=self.dtype if dtype is None else dtype)

    def new_tensor(self, data, *, dtype=None, device=None, requires_grad=False):
        return T.tensor(data, dtype=self.dtype if dtype is None else dtype)


# The torch functions marked @_method, and the aliases of some.  They are
# set after the class is made: a function placed in a class body counts as
# defined there, which would change how torch.f's own calls check their
# first argument.
for _fn in T._METHODS:
    setattr(Tensor, _fn.__name__, _fn)
Tensor.negative = T.neg
Tensor.absolute = T.abs
Tensor.swapaxes = T.transpose
Tensor.swapdims = T.transpose

# torch.Size is a tuple of ints; shapes here are plain tuples.
Size = tuple

_native.register("Tensor", Tensor)
_native.register("dtype", dtype)
