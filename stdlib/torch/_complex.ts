# Complex tensors (torch.complex64 and complex128).  ONNX Runtime computes
# with no complex element type, so a complex tensor is held as its real
# view: a float tensor whose last dimension of 2 holds the real and the
# imaginary part, which is what torch.view_as_real gives and what ONNX's
# STFT writes.  ComplexTensor wraps that view with the complex tensor's
# own shape and operations.
#
# A torch function with no complex form here receives a ComplexTensor
# where it expects a Tensor and says so: a complex value never reaches an
# ONNX operator as if the pair dimension were data.  forward() cannot
# return one (a model's outputs are real tensors; torch.view_as_real gives
# one).
import onnx
import _native
import torch._impl as T
import torch._index as I
import torch._layout as L

__all__ = ["view_as_real", "view_as_complex", "real", "imag", "angle", "complex", "polar", "is_complex",
           "complex64", "complex128", "cfloat", "cdouble", "abs", "absolute", "conj", "resolve_conj", "is_conj",
           "reshape", "permute", "transpose", "flatten", "unsqueeze", "squeeze", "cat", "concat", "concatenate",
           "stack"]

_f32 = _native.float32
_f64 = _native.float64
# PyTorch's names of the element types in its messages
_NAMES = {_f32: "Float", _f64: "Double", _native.float16: "Half", _native.bfloat16: "BFloat16",
          _native.int64: "Long", _native.int32: "Int", _native.int16: "Short", _native.int8: "Char",
          _native.uint8: "Byte", _native.bool_: "Bool"}


class _ComplexDType:
    """torch.complex64 and torch.complex128: the dtypes of complex tensors,
    each with the float type of its parts."""

    def __init__(self, name, part):
        self._name = name
        self._part = part

    def __repr__(self):
        return "torch." + self._name

    def __str__(self):
        return "torch." + self._name

    @property
    def is_complex(self):
        return True

    @property
    def is_floating_point(self):
        return False

    @property
    def is_signed(self):
        return True

    @property
    def itemsize(self):
        return 8 if self._part == _f32 else 16


complex64 = _ComplexDType("complex64", _f32)
complex128 = _ComplexDType("complex128", _f64)
cfloat = complex64
cdouble = complex128


def _is_complex_value(x):
    return _native.is_complex_tensor(x)


def _pair(re, im):
    """The complex tensor of parts RE and IM (tensors of one shape)."""
    return ComplexTensor(T.stack([re, im], -1))


def _as_complex_operand(z, other):
    """OTHER (a complex tensor, a real tensor or a number) as a complex
    tensor whose parts have the element type of Z OP OTHER."""
    if isinstance(other, ComplexTensor):
        dt = _native.result_type(z._data, other._data)
        return ComplexTensor(T._to(other._data, dt)), dt
    if isinstance(other, bool) or not (isinstance(other, (int, float)) or _native.is_tensor(other)):
        return None, None
    dt = _native.result_type(z._data, other)
    if not _native.is_floating(dt):
        dt = _native.dtype_of(z._data)
    r = T._to(other, dt)
    return _pair(r, T.zeros_like(r)), dt


class ComplexTensor:
    """A complex tensor: _data is its real view, [*shape, 2].  _conj is
    PyTorch's conjugate bit: conj() gives a lazily conjugated view, which
    view_as_real refuses until resolve_conj(); views of it keep the bit
    (the parts here are always the conjugated values)."""

    def __init__(self, data, conj=False):
        self._data = data
        self._conj = conj

    def _like(self, data):
        """A view of this tensor: the conjugate bit carries over."""
        return ComplexTensor(data, self._conj)

    # ---- properties and queries ----

    @property
    def shape(self):
        return self._data.shape[:-1]

    @property
    def dtype(self):
        return complex128 if _native.dtype_of(self._data) == _f64 else complex64

    @property
    def ndim(self):
        return self._data.dim() - 1

    @property
    def device(self):
        return self._data.device

    @property
    def real(self):
        return I.select(self._data, -1, 0)

    @property
    def imag(self):
        return I.select(self._data, -1, 1)

    def dim(self):
        return self._data.dim() - 1

    def ndimension(self):
        return self.dim()

    def size(self, dim=None):
        if dim is None:
            return self.shape
        return self._data.size(T._norm_dim(dim, self.dim()))

    def numel(self):
        n = 1
        for s in self.shape:
            n = n * s
        return n

    def is_complex(self):
        return True

    def is_floating_point(self):
        return False

    def _dim(self, d, rank=None):
        return T._norm_dim(d, self.dim() if rank is None else rank)

    # ---- shape and layout: the pair dimension stays last ----

    def _shape_args(self, shape):
        if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
            shape = shape[0]
        return list(shape) + [2]

    def view(self, *shape):
        if len(shape) == 1 and (isinstance(shape[0], _ComplexDType) or
                                 isinstance(shape[0], type(_native.float32))):
            return T._error("view(dtype) of a complex tensor (reinterpreting the bytes) is not supported")
        return self._like(self._data.view(self._shape_args(shape)))

    def reshape(self, *shape):
        return self._like(self._data.reshape(self._shape_args(shape)))

    def contiguous(self, memory_format=None):
        return self._like(self._data.contiguous())

    def clone(self, memory_format=None):
        return ComplexTensor(self._data.clone())

    def detach(self):
        return self._like(self._data.detach())

    def permute(self, *dims):
        if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
            dims = dims[0]
        n = self.dim()
        if len(dims) != n:
            raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does not "
                               f"match the length of the desired ordering of dimensions i.e. input.dim() "
                               f"= {n} is not equal to len(dims) = {len(dims)}")
        return self._like(self._data.permute([self._dim(d) for d in dims] + [n]))

    def transpose(self, dim0, dim1):
        return self._like(self._data.transpose(self._dim(dim0), self._dim(dim1)))

    def unsqueeze(self, dim):
        return self._like(self._data.unsqueeze(self._dim(dim, self.dim() + 1)))

    def squeeze(self, dim=None):
        if dim is None:
            return self._like(self._data.squeeze())     # the pair dimension is 2, never squeezed
        return self._like(self._data.squeeze(self._dim(dim)))

    def flatten(self, start_dim=0, end_dim=-1):
        n = self.dim()
        if n == 0:
            return self.reshape(1)
        return self._like(self._data.flatten(self._dim(start_dim), self._dim(end_dim)))

    def __getitem__(self, key):
        key = key if isinstance(key, tuple) else (key,)
        if any(k is Ellipsis for k in key):
            key = key + (slice(None),)
        else:
            key = key + (Ellipsis, slice(None))
        return self._like(self._data[key])

    def istft(self, *args, **kwargs):
        import torch._signal as S
        return S.istft(self, *args, **kwargs)

    # ---- arithmetic ----

    def conj(self):
        return ComplexTensor(T.stack([self.real, T.neg(self.imag)], -1), not self._conj)

    def resolve_conj(self):
        return ComplexTensor(self._data, False) if self._conj else self

    def is_conj(self):
        return self._conj

    def abs(self):
        return T.sqrt(T.add(T.mul(self.real, self.real), T.mul(self.imag, self.imag)))

    def angle(self):
        return T.atan2(self.imag, self.real)

    def __neg__(self):
        return ComplexTensor(T.neg(self._data))

    def __pos__(self):
        return self

    def _binary(self, other, op, reflected):
        """OP(self, other), or OP(other, self) when REFLECTED, both as complex
        tensors of the result's part type; NotImplemented for an operand that
        is no tensor or number (Python then tries the other side)."""
        w, dt = _as_complex_operand(self, other)
        if w is None:
            return NotImplemented
        z = ComplexTensor(T._to(self._data, dt))
        return op(w, z) if reflected else op(z, w)

    def __add__(self, other):
        return self._binary(other, _add, False)

    def __radd__(self, other):
        return self._binary(other, _add, True)

    def __sub__(self, other):
        return self._binary(other, _sub, False)

    def __rsub__(self, other):
        return self._binary(other, _sub, True)

    def __mul__(self, other):
        return self._binary(other, _mul, False)

    def __rmul__(self, other):
        return self._binary(other, _mul, True)

    def __truediv__(self, other):
        return self._binary(other, _div, False)

    def __rtruediv__(self, other):
        return self._binary(other, _div, True)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(f"'ComplexTensor' object has no attribute '{name}'")
        return T._error(f"Tensor.{name} of a complex tensor is not supported yet (complex tensors support "
                        f"shape and indexing operations, +, -, *, /, abs, angle, conj, real and imag, "
                        f"torch.view_as_real and torch.fft)")


_native.register("ComplexTensor", ComplexTensor)


def _add(a, b):
    return ComplexTensor(T.add(a._data, b._data))


def _sub(a, b):
    return ComplexTensor(T.sub(a._data, b._data))


def _mul(a, b):
    ar, ai, br, bi = a.real, a.imag, b.real, b.imag
    return _pair(T.sub(T.mul(ar, br), T.mul(ai, bi)), T.add(T.mul(ar, bi), T.mul(ai, br)))


def _div(a, b):
    ar, ai, br, bi = a.real, a.imag, b.real, b.imag
    d = T.add(T.mul(br, br), T.mul(bi, bi))
    re = T.div(T.add(T.mul(ar, br), T.mul(ai, bi)), d)
    im = T.div(T.sub(T.mul(ai, br), T.mul(ar, bi)), d)
    return _pair(re, im)


# ---- torch functions ----------------------------------------------------------

def view_as_real(input):
    if isinstance(input, ComplexTensor):
        if input._conj:
            raise RuntimeError("view_as_real doesn't work on unresolved conjugated tensors.  To resolve the "
                               "conjugate tensor so you can view it as real, use self.resolve_conj(); "
                               "however, be warned that the resulting tensor will NOT alias the original.")
        return input._data
    raise RuntimeError("view_as_real is only supported for complex tensors")


def view_as_complex(input):
    # PyTorch also asks for a last stride of 1 and even other strides; the
    # graph holds values, not memory, so every layout is taken.
    if isinstance(input, ComplexTensor):
        raise RuntimeError("view_as_complex is only supported for floating point tensors, but got a tensor "
                           f"of scalar type: {'ComplexDouble' if input.dtype is complex128 else 'ComplexFloat'}")
    dt = _native.dtype_of(input)
    if dt != _f32 and dt != _f64:
        if dt == _native.float16:
            return T._error("view_as_complex of a float16 tensor (torch.complex32) is not supported")
        raise RuntimeError("view_as_complex is only supported for floating point tensors, but got a tensor "
                           f"of scalar type: {_NAMES[dt]}")
    if input.dim() == 0 or (_native.is_static(input.size(-1)) and input.size(-1) != 2):
        raise RuntimeError("Tensor must have a last dimension of size 2")
    if not _native.is_static(input.size(-1)):
        return T._error("view_as_complex of a tensor whose last size is known only at run time is not "
                        "supported")
    return ComplexTensor(input)


def real(input):
    if isinstance(input, ComplexTensor):
        return input.real
    return input


def imag(input):
    if isinstance(input, ComplexTensor):
        return input.imag
    raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")


def angle(input):
    if isinstance(input, ComplexTensor):
        return input.angle()
    return T._real_angle(input)


def is_complex(input):
    return isinstance(input, ComplexTensor)


def _check_parts(real, imag, names, fn):
    for i, t in enumerate((real, imag)):
        if not _native.is_tensor(t):
            raise TypeError(f"{fn}(): argument '{names[i]}' (position {i + 1}) must be Tensor, not "
                            f"{type(t).__name__}")
    dr, di = _native.dtype_of(real), _native.dtype_of(imag)
    if dr != di:
        raise RuntimeError(f"Expected object of scalar type {_NAMES[dr]} but got scalar type {_NAMES[di]} "
                           f"for second argument")
    if dr != _f32 and dr != _f64:
        if dr == _native.float16:
            return T._error(f"torch.{fn} of float16 tensors (torch.complex32) is not supported")
        raise RuntimeError(f"Expected both inputs to be Half, Float or Double tensors but got {_NAMES[dr]} "
                           f"and {_NAMES[di]}")
    return L.broadcast_tensors(real, imag)


def complex(real, imag, *, out=None):
    parts = _check_parts(real, imag, ("real", "imag"), "complex")
    return _pair(parts[0], parts[1])


def polar(abs, angle, *, out=None):
    parts = _check_parts(abs, angle, ("abs", "angle"), "polar")
    return _pair(T.mul(parts[0], T.cos(parts[1])), T.mul(parts[0], T.sin(parts[1])))


# ---- torch functions that also take complex tensors --------------------------
# torch.abs(z) and the others below are these wrappers; Tensor's methods
# stay the real ones (a ComplexTensor has its own).  Their annotations are
# the real functions' (so a wrong argument is reported at the user's call
# as before); in this module a Tensor annotation also admits a complex
# tensor (sema/types/types.c).

def abs(input, *, out=None):
    if isinstance(input, ComplexTensor):
        return input.abs()
    return T.abs(input)


absolute = abs


def conj(input):
    if isinstance(input, ComplexTensor):
        return input.conj()
    return T.conj(input)


def resolve_conj(input):
    if isinstance(input, ComplexTensor):
        return input.resolve_conj()
    return T.resolve_conj(input)


def is_conj(input):
    if isinstance(input, ComplexTensor):
        return input.is_conj()
    return False


def reshape(input, shape):
    if isinstance(input, ComplexTensor):
        return input.reshape(shape)
    return T.reshape(input, shape)


def permute(input, dims):
    if isinstance(input, ComplexTensor):
        return input.permute(dims)
    return T.permute(input, dims)


def transpose(input: Tensor, dim0: int, dim1: int):
    if isinstance(input, ComplexTensor):
        return input.transpose(dim0, dim1)
    return T.transpose(input, dim0, dim1)


def flatten(input: Tensor, start_dim: int = 0, end_dim: int = -1):
    if isinstance(input, ComplexTensor):
        return input.flatten(start_dim, end_dim)
    return T.flatten(input, start_dim, end_dim)


def unsqueeze(input: Tensor, dim: int):
    if isinstance(input, ComplexTensor):
        return input.unsqueeze(dim)
    return T.unsqueeze(input, dim)


def squeeze(input: Tensor, dim: Optional[int] = None):
    if isinstance(input, ComplexTensor):
        return input.squeeze(dim)
    return T.squeeze(input, dim)


def _complex_list(tensors):
    """The tensors of a cat or stack as ComplexTensors of one part type,
    when any of them is complex; else None."""
    if _native.is_runtime_list(tensors) or not _native.is_complex_tensor(tensors):
        return None
    parts = [t._data if isinstance(t, ComplexTensor) else t for t in tensors]
    dt = _native.result_type(*parts)
    if not _native.is_floating(dt):
        dt = _f32
    out = []
    for t in tensors:
        if isinstance(t, ComplexTensor):
            out.append(T._to(t._data, dt))
        else:
            r = T._to(t, dt)
            out.append(T.stack([r, T.zeros_like(r)], -1))
    return out


def cat(tensors: List[Tensor], dim: int = 0, *, out=None):
    parts = _complex_list(tensors)
    if parts is None:
        return T.cat(tensors, dim)
    rank = parts[0].dim() - 1
    for p in parts:
        if p.dim() - 1 != rank:
            return T._error(f"Tensors must have same number of dimensions: got {rank} and {p.dim() - 1}")
    return ComplexTensor(T.cat(parts, T._norm_dim(dim, rank)))


concat = cat
concatenate = cat


def stack(tensors: List[Tensor], dim: int = 0, *, out=None):
    parts = _complex_list(tensors)
    if parts is None:
        return T.stack(tensors, dim)
    return ComplexTensor(T.stack(parts, T._norm_dim(dim, parts[0].dim())))
