# Run-time Python numbers: an int, float or bool known only when the graph
# runs (a forward() parameter annotated int, x.size(0) of a dynamic axis,
# x.item()).  They are 0-d tensors in the graph, but keep Python's rules:
# int // int floors, int / int is a float, a comparison is a bool.  An int
# that is a size carries its symbolic dimension (x.size(0) * 2 is 2*N), so
# shapes built from it stay known.
import onnx
import _native
import torch._impl as T

_i64 = _native.int64
_f32 = _native.float32
_bool = _native.bool_


def _is_number(v):
    return isinstance(v, int) or isinstance(v, float) or isinstance(v, bool)


def _operand(v):
    """V as a 0-d tensor for arithmetic: bools count as ints."""
    if isinstance(v, bool):
        return _native.as_tensor(v, _i64)
    if isinstance(v, float):
        return _native.as_tensor(v, _f32)
    return _native.as_tensor(v, _i64)


def _arith(a, b, op):
    if not _is_number(a) or not _is_number(b):
        return NotImplemented
    x = _operand(a)
    y = _operand(b)
    if op == "+":
        r = T.add(x, y)
    elif op == "-":
        r = T.sub(x, y)
    elif op == "*":
        r = T.mul(x, y)
    elif op == "/":
        r = T.div(x, y)
    elif op == "//":
        r = T.floor_divide(x, y)
    elif op == "%":
        r = T.remainder(x, y)
    elif op == "**":
        r = T.pow(x, y)
    else:
        r = T.minimum(x, y) if op == "min" else T.maximum(x, y)
    return _native.to_scalar(r, op, a, b)


def _compare(a, b, fn):
    if not _is_number(a) or not _is_number(b):
        return NotImplemented
    return _native.to_scalar(fn(_operand(a), _operand(b)))


def _logic(a, b, fn):
    if not (isinstance(a, bool) and isinstance(b, bool)):
        if isinstance(a, int) and isinstance(b, int):
            return T._error("bitwise operators on run-time ints are not supported yet")
        return NotImplemented
    return _native.to_scalar(fn(_native.as_tensor(a, _bool), _native.as_tensor(b, _bool)))


class _RuntimeNumber:
    def __add__(self, other):
        return _arith(self, other, "+")

    def __radd__(self, other):
        return _arith(other, self, "+")

    def __sub__(self, other):
        return _arith(self, other, "-")

    def __rsub__(self, other):
        return _arith(other, self, "-")

    def __mul__(self, other):
        return _arith(self, other, "*")

    def __rmul__(self, other):
        return _arith(other, self, "*")

    def __truediv__(self, other):
        return _arith(self, other, "/")

    def __rtruediv__(self, other):
        return _arith(other, self, "/")

    def __floordiv__(self, other):
        return _arith(self, other, "//")

    def __rfloordiv__(self, other):
        return _arith(other, self, "//")

    def __mod__(self, other):
        return _arith(self, other, "%")

    def __rmod__(self, other):
        return _arith(other, self, "%")

    def __pow__(self, other):
        return _arith(self, other, "**")

    def __rpow__(self, other):
        return _arith(other, self, "**")

    def __eq__(self, other):
        return _compare(self, other, T.eq)

    def __ne__(self, other):
        return _compare(self, other, T.ne)

    def __lt__(self, other):
        return _compare(self, other, T.lt)

    def __le__(self, other):
        return _compare(self, other, T.le)

    def __gt__(self, other):
        return _compare(self, other, T.gt)

    def __ge__(self, other):
        return _compare(self, other, T.ge)

    def __neg__(self):
        return _arith(0, self, "-")

    def __pos__(self):
        return self

    def __abs__(self):
        return _native.to_scalar(T.abs(_operand(self)))

    def __int__(self):
        return _native.to_scalar(_native.as_tensor(T.trunc(_operand(self)), _i64))

    def __float__(self):
        return _native.to_scalar(_native.as_tensor(self, _f32))

    def __index__(self):
        return self.__int__()

    def _max(self, other):
        return _arith(self, other, "max")

    def _min(self, other):
        return _arith(self, other, "min")

    def _math(self, name):
        """math.NAME(self) (sema/native/math.c delegates run-time numbers here)."""
        x = _native.as_tensor(self, _f32)
        if name == "ceil" or name == "floor" or name == "trunc":
            r = T.ceil(x) if name == "ceil" else T.floor(x) if name == "floor" else T.trunc(x)
            return _native.to_scalar(_native.as_tensor(r, _i64))
        fns = {"sqrt": T.sqrt, "exp": T.exp, "log": T.log, "log2": T.log2, "log10": T.log10,
               "sin": T.sin, "cos": T.cos, "tan": T.tan, "tanh": T.tanh, "fabs": T.abs,
               "atan": T.atan, "asin": T.asin, "acos": T.acos, "erf": T.erf}
        fn = fns.get(name)
        if fn is None:
            return T._error(f"math.{name}() of a number known only at run time is not supported yet")
        return _native.to_scalar(fn(x))


class RuntimeInt(_RuntimeNumber, int):
    def __bool__(self):
        return _native.to_scalar(T.ne(_operand(self), 0))

    def __invert__(self):
        return _arith(-1, self, "-")

    def __int__(self):
        return self


class RuntimeFloat(_RuntimeNumber, float):
    def __bool__(self):
        return _native.to_scalar(T.ne(_operand(self), 0.0))


class RuntimeBool(_RuntimeNumber, bool):
    def __bool__(self):
        return self

    def _select(self, if_true, if_false):
        """`if_true if self else if_false` for `and`/`or` on a run-time
        truth: a Where over numbers or tensors."""
        if _is_number(if_true) and _is_number(if_false):
            if isinstance(if_true, bool) and isinstance(if_false, bool):
                a = _native.as_tensor(if_true, _bool)
                b = _native.as_tensor(if_false, _bool)
            else:
                a, b = T._promote(_operand(if_true), _operand(if_false))
            return _native.to_scalar(T.where(_native.as_tensor(self, _bool), a, b))
        if _native.is_tensor(if_true) and _native.is_tensor(if_false):
            return T.where(_native.as_tensor(self, _bool), if_true, if_false)
        return T._error(f"'and'/'or' on a value known only at run time needs numbers or tensors on both "
                        f"sides, found {type(if_true).__name__} and {type(if_false).__name__}")

    def __invert__(self):
        return _native.to_scalar(onnx.Not(_native.as_tensor(self, _bool)))

    def __and__(self, other):
        return _logic(self, other, T.logical_and)

    def __rand__(self, other):
        return _logic(other, self, T.logical_and)

    def __or__(self, other):
        return _logic(self, other, T.logical_or)

    def __ror__(self, other):
        return _logic(other, self, T.logical_or)

    def __xor__(self, other):
        return _logic(self, other, T.logical_xor)

    def __rxor__(self, other):
        return _logic(other, self, T.logical_xor)


_native.register("RuntimeInt", RuntimeInt)
_native.register("RuntimeFloat", RuntimeFloat)
_native.register("RuntimeBool", RuntimeBool)
