# enum: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique, as Python 3.11
# defines them.  EnumType (the metaclass) turns the names of the class body
# into members: instances of the class with _name_ and _value_, created once
# (identity comparisons hold), in definition order; Cls(value) and
# Cls["NAME"] look them up, iterating the class gives them.  A member of an
# enum with a data type (IntEnum, class Color(str, Enum)) compares, hashes,
# formats and computes as its value.

__all__ = ["EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum",
           "auto", "unique", "member", "nonmember", "verify", "global_enum"]


class _AutoNull:
    def __repr__(self):
        return "_auto_null"


_auto_null = _AutoNull()


class auto:
    """A member value chosen by _generate_next_value_."""

    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return f"auto({self.value!r})"


class member:
    def __init__(self, value):
        self.value = value


class nonmember:
    def __init__(self, value):
        self.value = value


def _is_dunder(name):
    return len(name) > 4 and name[:2] == "__" and name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == "_" and name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_private(cls_name, name):
    pattern = "_" + cls_name.lstrip("_") + "__"
    n = len(pattern)
    return (len(name) > n and name.startswith(pattern) and name[n] != "_"
            and (name[-1] != "_" or name[-2] != "_"))


def _function():
    return None


_FunctionType = type(_function)


def _is_descriptor(obj):
    if isinstance(obj, (_FunctionType, property, staticmethod, classmethod)):
        return True
    t = type(obj)
    return hasattr(t, "__get__") or hasattr(t, "__set__") or hasattr(t, "__delete__")


def _hashable(value):
    try:
        hash(value)
    except TypeError:
        return False
    return True


_DATA_TYPES = (int, float, str, tuple)


def _find_data_type(class_name, bases):
    for chain in bases:
        for base in chain.__mro__:
            if base is object:
                continue
            if isinstance(base, EnumType):
                if base._member_type_ is not object:
                    return base._member_type_
                continue
            if base in _DATA_TYPES or "__dataclass_fields__" in base.__dict__:
                return base
    return object


class EnumType(type):
    """The metaclass of enums."""

    def __new__(metacls, cls, bases, classdict, **kwds):
        member_type = object
        if bases:
            if not isinstance(bases[-1], EnumType):
                raise TypeError("new enumerations should be created as "
                                "`EnumName([mixin_type, ...] [data_type,] enum_type)`")
            for base in bases:
                if isinstance(base, EnumType) and base._member_names_:
                    raise TypeError(f"<enum {base.__name__!r}> cannot extend <enum {cls!r}>")
            member_type = _find_data_type(cls, bases)
        ignore = classdict.get("_ignore_", [])
        if isinstance(ignore, str):
            ignore = ignore.replace(",", " ").split()
        names = []
        values = {}
        body = {}
        for key, value in classdict.items():
            if key in ignore or key == "_ignore_":
                continue
            if isinstance(value, nonmember):
                body[key] = value.value
                continue
            if isinstance(value, member):
                value = value.value
            elif (_is_dunder(key) or _is_sunder(key) or _is_private(cls, key) or _is_descriptor(value)):
                body[key] = value
                continue
            names.append(key)
            values[key] = value
        custom_new = body.pop("__new__", None)
        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        enum_class._member_type_ = member_type
        enum_class._member_names_ = []
        enum_class._member_map_ = {}
        enum_class._value2member_map_ = {}
        enum_class._unhashable_values_ = []
        if custom_new is not None:
            enum_class._new_member_ = custom_new
        last_values = []
        for name in names:
            value = values[name]
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = enum_class._generate_next_value_(name, 1, len(names[:names.index(name)]),
                                                                   last_values[:])
                value = value.value
            last_values.append(value)
            _add_member(enum_class, name, value)
        return enum_class

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None, start=1, boundary=None):
        if names is not None:
            return _functional_enum(cls, value, names, module, qualname, type, start)
        if isinstance(value, cls):
            return value
        if _hashable(value) and value in cls._value2member_map_:
            return cls._value2member_map_[value]
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")
        raise TypeError(f"error in {cls.__name__}._missing_: returned {result!r} instead of None or a valid member")

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return iter([cls._member_map_[name] for name in cls._member_names_])

    def __reversed__(cls):
        return iter([cls._member_map_[name] for name in reversed(cls._member_names_)])

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            raise TypeError(f"unsupported operand type(s) for 'in': '{type(member).__qualname__}' and "
                            f"'{cls.__class__.__qualname__}'")
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __bool__(cls):
        return True

    def __repr__(cls):
        if issubclass(cls, Flag):
            return f"<flag {cls.__name__!r}>"
        return f"<enum {cls.__name__!r}>"

    @property
    def __members__(cls):
        return dict(cls._member_map_)


EnumMeta = EnumType


def _add_member(enum_class, name, value):
    member_type = enum_class._member_type_
    args = value if isinstance(value, tuple) else (value,)
    if member_type is tuple:
        args = (args,)
    new = getattr(enum_class, "_new_member_", None)
    if new is not None:
        m = new(enum_class, *args)
    else:
        m = object.__new__(enum_class)
    if not hasattr(m, "_value_"):
        m._value_ = value if member_type is object else member_type(*args)
    value = m._value_
    m._name_ = name
    m.__objclass__ = enum_class
    m.__init__(*args)
    m._sort_order_ = len(enum_class._member_names_)
    canonical = None
    if _hashable(value) and value in enum_class._value2member_map_:
        canonical = enum_class._value2member_map_[value]
    else:
        for other in enum_class._member_map_.values():
            if other._value_ == value:
                canonical = other
                break
    if canonical is not None:
        m = canonical
    else:
        enum_class._member_names_.append(name)
    setattr(enum_class, name, m)
    enum_class._member_map_[name] = m
    if _hashable(value):
        if value not in enum_class._value2member_map_:
            enum_class._value2member_map_[value] = m
    else:
        enum_class._unhashable_values_.append(value)


def _functional_enum(cls, class_name, names, module, qualname, type_, start):
    if isinstance(names, str):
        names = names.replace(",", " ").split()
    items = []
    for i, item in enumerate(names):
        if isinstance(item, str):
            items.append((item, start + i))
        else:
            items.append(tuple(item))
    if isinstance(names, dict):
        items = list(names.items())
    bases = (cls,) if type_ is None else (type_, cls)
    ns = {"__module__": module or "__main__", "__qualname__": qualname or class_name}
    for key, value in items:
        ns[key] = value
    return EnumType(class_name, bases, ns)


class Enum(metaclass=EnumType):
    """A set of named, unique values."""

    def __init__(self, *args, **kwds):
        pass

    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        last = last_values[-1]
        try:
            if last == sorted(last_values)[-1]:
                return last + 1
        except TypeError:
            pass
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    def __repr__(self):
        return f"<{self.__class__.__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self):
        return f"{self.__class__.__name__}.{self._name_}"

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        if self._member_type_ is object:
            return hash(self._name_)
        return hash(self._value_)

    def __eq__(self, other):
        if self._member_type_ is object:
            return self is other
        if isinstance(other, Enum):
            if other._member_type_ is object:
                return NotImplemented
            other = other._value_
        return self._value_ == other

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __dir__(self):
        return ["__class__", "__doc__", "__module__", "name", "value"]

    # a member of an enum with a data type computes as its value
    def __lt__(self, other):
        return _data_op(self, other, _lt)

    def __le__(self, other):
        return _data_op(self, other, _le)

    def __gt__(self, other):
        return _data_op(self, other, _gt)

    def __ge__(self, other):
        return _data_op(self, other, _ge)

    def __add__(self, other):
        return _data_op(self, other, _add)

    def __radd__(self, other):
        return _data_rop(self, other, _add)

    def __sub__(self, other):
        return _data_op(self, other, _sub)

    def __rsub__(self, other):
        return _data_rop(self, other, _sub)

    def __mul__(self, other):
        return _data_op(self, other, _mul)

    def __rmul__(self, other):
        return _data_rop(self, other, _mul)

    def __truediv__(self, other):
        return _data_op(self, other, _truediv)

    def __rtruediv__(self, other):
        return _data_rop(self, other, _truediv)

    def __floordiv__(self, other):
        return _data_op(self, other, _floordiv)

    def __rfloordiv__(self, other):
        return _data_rop(self, other, _floordiv)

    def __mod__(self, other):
        return _data_op(self, other, _mod)

    def __rmod__(self, other):
        return _data_rop(self, other, _mod)

    def __pow__(self, other):
        return _data_op(self, other, _pow)

    def __and__(self, other):
        return _data_op(self, other, _and)

    def __rand__(self, other):
        return _data_rop(self, other, _and)

    def __or__(self, other):
        return _data_op(self, other, _or)

    def __ror__(self, other):
        return _data_rop(self, other, _or)

    def __xor__(self, other):
        return _data_op(self, other, _xor)

    def __rxor__(self, other):
        return _data_rop(self, other, _xor)

    def __lshift__(self, other):
        return _data_op(self, other, _lshift)

    def __rshift__(self, other):
        return _data_op(self, other, _rshift)

    def __neg__(self):
        return _data_unary(self, _neg)

    def __pos__(self):
        return _data_unary(self, _pos)

    def __abs__(self):
        return _data_unary(self, abs)

    def __invert__(self):
        return _data_unary(self, _invert)

    def __int__(self):
        return _data_unary(self, int)

    def __float__(self):
        return _data_unary(self, float)

    def __index__(self):
        if self._member_type_ is not int:
            raise TypeError(f"'{type(self).__name__}' object cannot be interpreted as an integer")
        return self._value_

    def __round__(self, ndigits=None):
        return _data_unary(self, round)

    def __bool__(self):
        if self._member_type_ is object:
            return True
        return bool(self._value_)


def _lt(a, b): return a < b
def _le(a, b): return a <= b
def _gt(a, b): return a > b
def _ge(a, b): return a >= b
def _add(a, b): return a + b
def _sub(a, b): return a - b
def _mul(a, b): return a * b
def _truediv(a, b): return a / b
def _floordiv(a, b): return a // b
def _mod(a, b): return a % b
def _pow(a, b): return a ** b
def _and(a, b): return a & b
def _or(a, b): return a | b
def _xor(a, b): return a ^ b
def _lshift(a, b): return a << b
def _rshift(a, b): return a >> b
def _neg(a): return -a
def _pos(a): return +a
def _invert(a): return ~a


def _operand(x):
    if isinstance(x, Enum) and x._member_type_ is not object:
        return x._value_
    return x


def _data_op(self, other, op):
    if self._member_type_ is object:
        return NotImplemented
    return op(self._value_, _operand(other))


def _data_rop(self, other, op):
    if self._member_type_ is object:
        return NotImplemented
    return op(_operand(other), self._value_)


def _data_unary(self, op):
    if self._member_type_ is object:
        raise TypeError(f"bad operand type for unary operation: '{type(self).__name__}'")
    return op(self._value_)


class ReprEnum(Enum):
    """str() and format() are the data type's, repr() the enum's."""

    def __str__(self):
        if self._member_type_ is object:
            return Enum.__str__(self)
        return str(self._value_)

    def __format__(self, format_spec):
        if self._member_type_ is object:
            return Enum.__format__(self, format_spec)
        return format(self._value_, format_spec)


class IntEnum(int, ReprEnum):
    """An enum whose members are also ints."""


class StrEnum(str, ReprEnum):
    """An enum whose members are also strs."""

    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


class Flag(Enum):
    """An enum of bit flags: members combine with | & ^ ~."""

    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        high = 0
        for v in last_values:
            if v > high:
                high = v
        bit = 1
        while bit <= high:
            bit = bit * 2
        return bit

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            return None
        pseudo = object.__new__(cls)
        pseudo._value_ = value
        names = [m._name_ for m in cls if m._value_ & value == m._value_ and m._value_]
        pseudo._name_ = "|".join(names) if names else None
        return pseudo

    def __contains__(self, other):
        return other._value_ & self._value_ == other._value_

    def __or__(self, other):
        return self.__class__(self._value_ | other._value_)

    def __and__(self, other):
        return self.__class__(self._value_ & other._value_)

    def __xor__(self, other):
        return self.__class__(self._value_ ^ other._value_)

    def __invert__(self):
        everything = 0
        for m in self.__class__:
            everything = everything | m._value_
        return self.__class__(everything & ~self._value_)

    def __bool__(self):
        return bool(self._value_)

    def __eq__(self, other):
        if isinstance(other, Flag):
            return type(self) is type(other) and self._value_ == other._value_
        return NotImplemented

    def __hash__(self):
        return hash(self._value_)


class IntFlag(int, ReprEnum, Flag):
    """Flags that are also ints."""


def unique(enumeration):
    duplicates = []
    for name, m in enumeration.__members__.items():
        if name != m.name:
            duplicates.append((name, m.name))
    if duplicates:
        alias_details = ", ".join([f"{alias} -> {name}" for (alias, name) in duplicates])
        raise ValueError(f"duplicate values found in {enumeration!r}: {alias_details}")
    return enumeration


def verify(*checks):
    return lambda enumeration: enumeration


def global_enum(cls):
    return cls
