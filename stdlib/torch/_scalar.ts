# Python numbers known only at run time: int(y) of an input tensor, the
# index of a loop with a run-time trip count, x.size(0) of a dynamic axis,
# an int/float/bool forward() input.  Each is a 0-d tensor in the graph
# (int64, float32 or bool) that behaves like a Python number: arithmetic
# and comparisons with other numbers give run-time numbers, with tensors
# give tensors, and its truth value is a run-time bool that control flow
# (if, while, and/or/not) turns into ONNX If and Loop.
#
# The operators follow Python, not tensor, semantics where they differ:
# int / int is a float, // and % round toward negative infinity, and
# int(x) truncates toward zero.
import _native
import torch._impl as T

_i64 = _native.int64
_f32 = _native.float32
_bool = _native.bool_


def _num(t):
    """A 0-d result tensor as a run-time number of its kind."""
    return _native.scalar(t)


def _n(v):
    """Bools count as ints in arithmetic (True + True == 2)."""
    return _native.as_number_operand(v)


def _res(result, other):
    """A tensor when the other operand is a tensor, else a run-time number."""
    return _native.number_result(result, other)


class RuntimeNumber:
    """The operators shared by run-time ints, floats and bools."""

    def __add__(self, other):
        return _res(T.add(_n(self), _n(other)), other)

    def __radd__(self, other):
        return _res(T.add(_n(other), _n(self)), other)

    def __sub__(self, other):
        return _res(T.sub(_n(self), _n(other)), other)

    def __rsub__(self, other):
        return _res(T.sub(_n(other), _n(self)), other)

    def __mul__(self, other):
        return _res(T.mul(_n(self), _n(other)), other)

    def __rmul__(self, other):
        return _res(T.mul(_n(other), _n(self)), other)

    def __truediv__(self, other):
        return _res(T.div(_n(self), _n(other)), other)

    def __rtruediv__(self, other):
        return _res(T.div(_n(other), _n(self)), other)

    def __floordiv__(self, other):
        return _res(T.floor_divide(_n(self), _n(other)), other)

    def __rfloordiv__(self, other):
        return _res(T.floor_divide(_n(other), _n(self)), other)

    def __mod__(self, other):
        return _res(T.remainder(_n(self), _n(other)), other)

    def __rmod__(self, other):
        return _res(T.remainder(_n(other), _n(self)), other)

    def __pow__(self, other):
        return _res(T.pow(_n(self), _n(other)), other)

    def __rpow__(self, other):
        return _res(T.pow(_n(other), _n(self)), other)

    def __eq__(self, other):
        return _res(T.eq(self, other), other)

    def __ne__(self, other):
        return _res(T.ne(self, other), other)

    def __lt__(self, other):
        return _res(T.lt(self, other), other)

    def __le__(self, other):
        return _res(T.le(self, other), other)

    def __gt__(self, other):
        return _res(T.gt(self, other), other)

    def __ge__(self, other):
        return _res(T.ge(self, other), other)

    def __neg__(self):
        return _num(T.neg(_n(self)))

    def __pos__(self):
        return self

    def __abs__(self):
        return _num(T.abs(_n(self)))

    def __int__(self):
        return _num(T._to(self, _i64))

    def __index__(self):
        return _num(T._to(self, _i64))

    def __float__(self):
        return _num(T._to(self, _f32))

    def __bool__(self):
        return _num(T.ne(self, 0))

    def item(self):
        return self


class RuntimeInt(RuntimeNumber, int):
    def __invert__(self):
        return _num(T.sub(T.neg(self), 1))


class RuntimeFloat(RuntimeNumber, float):
    def is_integer(self):
        return _num(T.eq(T.floor(self), self))


class RuntimeBool(RuntimeNumber, int):
    def __bool__(self):
        return self

    def __invert__(self):
        # ~True == -2 in Python: a bool inverts as the int it is
        return _num(T.sub(T.neg(T._to(self, _i64)), 1))

    def __and__(self, other):
        if _native.is_bool_operand(other):
            return _res(T.logical_and(self, other), other)
        return NotImplemented

    def __rand__(self, other):
        return self.__and__(other)

    def __or__(self, other):
        if _native.is_bool_operand(other):
            return _res(T.logical_or(self, other), other)
        return NotImplemented

    def __ror__(self, other):
        return self.__or__(other)

    def __xor__(self, other):
        if _native.is_bool_operand(other):
            return _res(T.ne(self, other), other)
        return NotImplemented

    def __rxor__(self, other):
        return self.__xor__(other)


_native.register("RuntimeInt", RuntimeInt)
_native.register("RuntimeFloat", RuntimeFloat)
_native.register("RuntimeBool", RuntimeBool)
