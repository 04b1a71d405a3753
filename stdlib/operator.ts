# operator: the operators as functions, itemgetter, attrgetter and
# methodcaller, as Python defines them.

__all__ = ["abs", "add", "and_", "attrgetter", "concat", "contains", "countOf", "delitem", "eq", "floordiv",
           "ge", "getitem", "gt", "iadd", "iand", "iconcat", "ifloordiv", "ilshift", "imatmul", "imod",
           "imul", "index", "indexOf", "inv", "invert", "ior", "ipow", "irshift", "is_", "is_not", "isub",
           "itemgetter", "itruediv", "ixor", "le", "length_hint", "lshift", "lt", "matmul", "methodcaller",
           "mod", "mul", "ne", "neg", "not_", "or_", "pos", "pow", "rshift", "setitem", "sub", "truediv",
           "truth", "xor"]

_abs = abs


def lt(a, b): return a < b
def le(a, b): return a <= b
def eq(a, b): return a == b
def ne(a, b): return a != b
def ge(a, b): return a >= b
def gt(a, b): return a > b
def not_(a): return not a
def truth(a): return True if a else False
def is_(a, b): return a is b
def is_not(a, b): return a is not b
def abs(a): return _abs(a)
def add(a, b): return a + b
def and_(a, b): return a & b
def floordiv(a, b): return a // b
def index(a):
    if isinstance(a, int):
        return int(a)
    if not hasattr(type(a), "__index__"):
        raise TypeError(f"'{type(a).__name__}' object cannot be interpreted as an integer")
    return a.__index__()


def inv(a): return ~a
invert = inv
def lshift(a, b): return a << b
def mod(a, b): return a % b
def mul(a, b): return a * b
def matmul(a, b): return a @ b
def neg(a): return -a
def or_(a, b): return a | b
def pos(a): return +a
def pow(a, b): return a ** b
def rshift(a, b): return a >> b
def sub(a, b): return a - b
def truediv(a, b): return a / b
def xor(a, b): return a ^ b


def concat(a, b):
    if not hasattr(a, "__getitem__"):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    return a + b


def contains(a, b): return b in a


def countOf(a, b):
    return sum(1 for x in a if x is b or x == b)


def delitem(a, b):
    del a[b]


def getitem(a, b): return a[b]


def indexOf(a, b):
    for i, j in enumerate(a):
        if j is b or j == b:
            return i
    raise ValueError("sequence.index(x): x not in sequence")


def setitem(a, b, c):
    a[b] = c


def length_hint(obj, default=0):
    try:
        return len(obj)
    except TypeError:
        return default


def iadd(a, b):
    a += b
    return a


def iand(a, b):
    a &= b
    return a


def iconcat(a, b):
    a += b
    return a


def ifloordiv(a, b):
    a //= b
    return a


def ilshift(a, b):
    a <<= b
    return a


def imod(a, b):
    a %= b
    return a


def imul(a, b):
    a *= b
    return a


def imatmul(a, b):
    a @= b
    return a


def ior(a, b):
    a |= b
    return a


def ipow(a, b):
    a **= b
    return a


def irshift(a, b):
    a >>= b
    return a


def isub(a, b):
    a -= b
    return a


def itruediv(a, b):
    a /= b
    return a


def ixor(a, b):
    a ^= b
    return a


def _resolve_attr(obj, attr):
    for name in attr.split("."):
        obj = getattr(obj, name)
    return obj


class attrgetter:
    """attrgetter('a.b', 'c')(x) == (x.a.b, x.c)"""

    def __init__(self, attr, *attrs):
        for a in (attr,) + attrs:
            if not isinstance(a, str):
                raise TypeError("attribute name must be a string")
        self._attrs = (attr,) + attrs

    def __call__(self, obj):
        if len(self._attrs) == 1:
            return _resolve_attr(obj, self._attrs[0])
        return tuple(_resolve_attr(obj, a) for a in self._attrs)

    def __repr__(self):
        return f"operator.attrgetter({', '.join(map(repr, self._attrs))})"


class itemgetter:
    """itemgetter(1, 0)(x) == (x[1], x[0])"""

    def __init__(self, item, *items):
        self._items = (item,) + items

    def __call__(self, obj):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple(obj[i] for i in self._items)

    def __repr__(self):
        return f"operator.itemgetter({', '.join(map(repr, self._items))})"


class methodcaller:
    """methodcaller('f', 1)(x) == x.f(1)"""

    def __init__(self, name, /, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError("method name must be a string")
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)


__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__add__ = add
__sub__ = sub
__mul__ = mul
__truediv__ = truediv
__floordiv__ = floordiv
__mod__ = mod
__neg__ = neg
__getitem__ = getitem
