# dataclasses: @dataclass, field, fields, asdict, astuple, replace,
# make_dataclass, as Python 3.11 defines them.  The fields come from the
# class's annotations (its own, after those of its dataclass bases, in MRO
# order); the generated __init__ binds its arguments with Python's rules
# and messages, then runs __post_init__.
from collections import _bind

__all__ = ["dataclass", "field", "Field", "FrozenInstanceError", "InitVar", "KW_ONLY", "MISSING",
           "fields", "asdict", "astuple", "make_dataclass", "replace", "is_dataclass"]


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    def __repr__(self):
        return "<dataclasses._MISSING_TYPE object>"


MISSING = _MISSING_TYPE()


class _HAS_DEFAULT_FACTORY_CLASS:
    def __repr__(self):
        return "<factory>"


_HAS_DEFAULT_FACTORY = _HAS_DEFAULT_FACTORY_CLASS()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FIELD_BASE:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FIELD_BASE("_FIELD")
_FIELD_CLASSVAR = _FIELD_BASE("_FIELD_CLASSVAR")
_FIELD_INITVAR = _FIELD_BASE("_FIELD_INITVAR")


class InitVar:
    """InitVar[T]: an argument of __init__ passed to __post_init__, not a field."""

    def __init__(self, type):
        self.type = type

    def __repr__(self):
        name = self.type.__name__ if isinstance(self.type, type) else repr(self.type)
        return f"dataclasses.InitVar[{name}]"

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return (f"Field(name={self.name!r},type={self.type!r},default={self.default!r},"
                f"default_factory={self.default_factory!r},init={self.init!r},repr={self.repr!r},"
                f"hash={self.hash!r},compare={self.compare!r},metadata={self.metadata!r},"
                f"kw_only={self.kw_only!r},_field_type={self._field_type})")


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
          metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _special_form_name(a_type):
    """'ClassVar' for typing.ClassVar and ClassVar[...], also as strings."""
    if isinstance(a_type, str):
        head = a_type.split("[")[0].strip()
        return head.split(".")[-1]
    name = getattr(a_type, "_name", None)
    if isinstance(name, str):
        return name
    origin = getattr(a_type, "__origin__", None)
    name = getattr(origin, "_name", None)
    return name if isinstance(name, str) else None


def _is_classvar(a_type):
    return _special_form_name(a_type) == "ClassVar"


def _is_initvar(a_type):
    if a_type is InitVar or isinstance(a_type, InitVar):
        return True
    return isinstance(a_type, str) and _special_form_name(a_type) == "InitVar"


def _is_kw_only(a_type):
    return a_type is KW_ONLY or (isinstance(a_type, str) and _special_form_name(a_type) == "KW_ONLY")


def _unhashable_class(cls):
    if cls in (list, dict, set):
        return True
    for b in cls.__mro__:
        d = b.__dict__
        if "__hash__" in d:
            return d["__hash__"] is None
        if "__eq__" in d:
            return True
    return False


def _get_field(cls, a_name, a_type, default_kw_only):
    default = getattr(cls, a_name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = a_name
    f.type = a_type
    f._field_type = _FIELD
    if _is_classvar(a_type):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(a_type):
        f._field_type = _FIELD_INITVAR
    if f._field_type is _FIELD_CLASSVAR or f._field_type is _FIELD_INITVAR:
        if f.default_factory is not MISSING:
            raise TypeError(f"field {f.name} cannot have a default factory")
    if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR:
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    elif f.kw_only is not MISSING:
        raise TypeError(f"field {f.name} is a ClassVar but specifies kw_only")
    if f._field_type is _FIELD and f.default is not MISSING and _unhashable_class(type(f.default)):
        raise ValueError(f"mutable default {type(f.default)} for field {f.name} is not allowed: "
                         "use default_factory")
    return f


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _make_init(cls, fields, std_fields, kw_fields, frozen, has_post_init):
    qualname = cls.__qualname__ + ".__init__"
    seen_default = False
    for f in std_fields:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    names = [f.name for f in std_fields]
    kw_names = [f.name for f in kw_fields]
    defaults = {}
    for f in std_fields + kw_fields:
        if f.default_factory is not MISSING:
            defaults[f.name] = _HAS_DEFAULT_FACTORY
        elif f.default is not MISSING:
            defaults[f.name] = f.default
    initvars = [f.name for f in fields if f._field_type is _FIELD_INITVAR]

    def __init__(self, *args, **kwargs):
        values = _bind(qualname, names, defaults, args, kwargs, kw_names)
        for f in fields:
            if f._field_type is _FIELD_INITVAR:
                continue
            if f.init:
                value = values[f.name]
                if value is _HAS_DEFAULT_FACTORY:
                    value = f.default_factory()
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            else:
                continue
            if frozen:
                object.__setattr__(self, f.name, value)
            else:
                setattr(self, f.name, value)
        if has_post_init:
            self.__post_init__(*[values[name] for name in initvars])

    __init__.__qualname__ = qualname
    return __init__


def _make_repr(fields):
    def __repr__(self):
        inner = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields)
        return f"{self.__class__.__qualname__}({inner})"
    return __repr__


def _field_tuple(obj, fields):
    return tuple([getattr(obj, f.name) for f in fields])


def _make_compare(fields, op):
    def compare(self, other):
        if other.__class__ is self.__class__:
            return op(_field_tuple(self, fields), _field_tuple(other, fields))
        return NotImplemented
    return compare


def _eq(a, b): return a == b
def _lt(a, b): return a < b
def _le(a, b): return a <= b
def _gt(a, b): return a > b
def _ge(a, b): return a >= b


def _make_hash(fields):
    def __hash__(self):
        return hash(_field_tuple(self, fields))
    return __hash__


def _make_frozen(cls, fields):
    names = [f.name for f in fields]

    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only):
    fields = {}
    any_frozen_base = False
    has_dataclass_bases = False
    all_frozen_bases = None
    for b in cls.__mro__[-1:0:-1]:
        base_fields = b.__dict__.get("__dataclass_fields__", None)
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                fields[f.name] = f
            if all_frozen_bases is None:
                all_frozen_bases = True
            current_frozen = b.__dataclass_params__.frozen
            all_frozen_bases = all_frozen_bases and current_frozen
            any_frozen_base = any_frozen_base or current_frozen
    cls_annotations = cls.__annotations__
    cls_fields = []
    kw_only_seen = False
    for name, a_type in cls_annotations.items():
        if _is_kw_only(a_type):
            if kw_only_seen:
                raise TypeError(f"{name!r} is KW_ONLY, but KW_ONLY has already been specified")
            kw_only_seen = True
            kw_only = True
        else:
            cls_fields.append(_get_field(cls, name, a_type, kw_only))
    for f in cls_fields:
        fields[f.name] = f
        if isinstance(getattr(cls, f.name, None), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in cls_annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError("cannot inherit non-frozen dataclass from a frozen one")
        if all_frozen_bases is False and frozen:
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    cls.__dataclass_fields__ = fields
    cls.__dataclass_params__ = _DataclassParams(init, repr, eq, order, unsafe_hash, frozen)
    own = cls.__dict__
    class_hash = own.get("__hash__", MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in own))
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    all_init = [f for f in fields.values() if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR]
    std_init = [f for f in all_init if f.init and not f.kw_only]
    kw_init = [f for f in all_init if f.init and f.kw_only]
    if init:
        has_post_init = hasattr(cls, "__post_init__")
        _set_new_attribute(cls, "__init__", _make_init(cls, all_init, std_init, kw_init, frozen, has_post_init))
    field_list = [f for f in fields.values() if f._field_type is _FIELD]
    if repr:
        _set_new_attribute(cls, "__repr__", _make_repr([f for f in field_list if f.repr]))
    compared = [f for f in field_list if f.compare]
    if eq:
        _set_new_attribute(cls, "__eq__", _make_compare(compared, _eq))
    if order:
        for name, op in (("__lt__", _lt), ("__le__", _le), ("__gt__", _gt), ("__ge__", _ge)):
            if _set_new_attribute(cls, name, _make_compare(compared, op)):
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}. Consider using "
                                "functools.total_ordering")
    if frozen:
        setattr_fn, delattr_fn = _make_frozen(cls, field_list)
        for name, fn in (("__setattr__", setattr_fn), ("__delattr__", delattr_fn)):
            if _set_new_attribute(cls, name, fn):
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    hashed = [f for f in field_list if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError(f"Cannot overwrite attribute __hash__ in class {cls.__name__}")
        cls.__hash__ = _make_hash(hashed)
    elif eq and frozen:
        if not has_explicit_hash:
            cls.__hash__ = _make_hash(hashed)
    elif eq:
        if not has_explicit_hash:
            cls.__hash__ = None
    if match_args:
        _set_new_attribute(cls, "__match_args__", tuple(f.name for f in std_init))
    return cls


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False, weakref_slot=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    try:
        fields = getattr(class_or_instance, "__dataclass_fields__")
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance")
    return tuple(f for f in fields.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), "__dataclass_fields__")


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, "__dataclass_fields__")


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _asdict_inner(obj, dict_factory)


def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory)) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory)) for k, v in obj.items()])
    import copy
    return copy.deepcopy(obj)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return _astuple_inner(obj, tuple_factory)


def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory))
                          for k, v in obj.items()])
    import copy
    return copy.deepcopy(obj)


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in getattr(obj, "__dataclass_fields__").values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError(f"field {f.name} is declared with init=False, it cannot be specified with "
                                 "replace()")
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError(f"InitVar {f.name!r} must be specified with replace()")
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True, order=False,
                   unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False,
                   weakref_slot=False):
    ns = dict(namespace) if namespace is not None else {}
    annotations = {}
    for item in fields:
        if isinstance(item, str):
            name, tp = item, "typing.Any"
        elif len(item) == 2:
            name, tp = item
        else:
            name, tp, spec = item
            ns[name] = spec
        annotations[name] = tp
    ns["__annotations__"] = annotations
    cls = type(cls_name, bases, ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash, frozen=frozen,
                     match_args=match_args, kw_only=kw_only)
