# typing: annotations are checked by the compiler from their syntax, so the
# names only need to exist and be subscriptable.  The aliases of classes
# (List, Sequence, Callable ...) also answer isinstance() for their class
# (collections.abc's ABCs, loaded when first asked), NamedTuple makes
# namedtuples from a class body, Generic and Protocol are bases.


class _SpecialForm:
    def __init__(self, name, origin=None):
        self._name = name
        self._origin = origin

    def __getitem__(self, params):
        return _GenericAlias(self, params if isinstance(params, tuple) else (params,))

    def __call__(self, *args, **kwargs):
        # the aliases of collections' concrete classes make instances of
        # them, as in Python (typing.OrderedDict() is an OrderedDict)
        if isinstance(self._origin, str) and self._origin.startswith("collections."):
            return self._resolve()(*args, **kwargs)
        return args[0] if len(args) == 1 else None

    def _resolve(self):
        if self._origin is None:
            raise TypeError(f"typing.{self._name} cannot be used with isinstance()")
        if isinstance(self._origin, str) and self._origin.startswith("collections."):
            import collections
            return getattr(collections, self._origin[12:])
        if isinstance(self._origin, str):
            import collections.abc
            return getattr(collections.abc, self._origin)
        return self._origin

    def __instancecheck__(self, obj):
        return isinstance(obj, self._resolve())

    def __subclasscheck__(self, cls):
        return issubclass(cls, self._resolve())

    def __mro_entries__(self, bases):
        return (self._resolve(),)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __repr__(self):
        return "typing." + self._name


class _GenericAlias:
    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args

    def __getitem__(self, params):
        return _GenericAlias(self.__origin__, params if isinstance(params, tuple) else (params,))

    def __instancecheck__(self, obj):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __mro_entries__(self, bases):
        origin = self.__origin__
        if isinstance(origin, _SpecialForm):
            return (origin._resolve(),)
        return (origin,)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ is other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__args__)


Any = _SpecialForm("Any")
Optional = _SpecialForm("Optional")
Union = _SpecialForm("Union")
Final = _SpecialForm("Final")
ClassVar = _SpecialForm("ClassVar")
Literal = _SpecialForm("Literal")
Annotated = _SpecialForm("Annotated")
NoReturn = _SpecialForm("NoReturn")
Never = _SpecialForm("Never")
Self = _SpecialForm("Self")
TypeAlias = _SpecialForm("TypeAlias")
List = _SpecialForm("List", list)
Tuple = _SpecialForm("Tuple", tuple)
Dict = _SpecialForm("Dict", dict)
Set = _SpecialForm("Set", set)
FrozenSet = _SpecialForm("FrozenSet", frozenset)
Type = _SpecialForm("Type", type)
Callable = _SpecialForm("Callable", "Callable")
Sequence = _SpecialForm("Sequence", "Sequence")
MutableSequence = _SpecialForm("MutableSequence", "MutableSequence")
Mapping = _SpecialForm("Mapping", "Mapping")
MutableMapping = _SpecialForm("MutableMapping", "MutableMapping")
Iterable = _SpecialForm("Iterable", "Iterable")
Iterator = _SpecialForm("Iterator", "Iterator")
Generator = _SpecialForm("Generator", "Generator")
Reversible = _SpecialForm("Reversible", "Reversible")
Sized = _SpecialForm("Sized", "Sized")
Container = _SpecialForm("Container", "Container")
Collection = _SpecialForm("Collection", "Collection")
Hashable = _SpecialForm("Hashable", "Hashable")
AbstractSet = _SpecialForm("AbstractSet", "Set")
MutableSet = _SpecialForm("MutableSet", "MutableSet")
KeysView = _SpecialForm("KeysView", "KeysView")
ItemsView = _SpecialForm("ItemsView", "ItemsView")
ValuesView = _SpecialForm("ValuesView", "ValuesView")
IO = _SpecialForm("IO")
BinaryIO = _SpecialForm("BinaryIO")
TextIO = _SpecialForm("TextIO")
AnyStr = _SpecialForm("AnyStr")
SupportsInt = _SpecialForm("SupportsInt")
SupportsFloat = _SpecialForm("SupportsFloat")
SupportsIndex = _SpecialForm("SupportsIndex")
Pattern = _SpecialForm("Pattern")
Match = _SpecialForm("Match")
DefaultDict = _SpecialForm("DefaultDict", "collections.defaultdict")
Counter = _SpecialForm("Counter", "collections.Counter")
Deque = _SpecialForm("Deque", "collections.deque")
ChainMap = _SpecialForm("ChainMap", "collections.ChainMap")
OrderedDict = _SpecialForm("OrderedDict", "collections.OrderedDict")
Text = str
Awaitable = _SpecialForm("Awaitable", "Awaitable")
Coroutine = _SpecialForm("Coroutine", "Coroutine")
AsyncIterator = _SpecialForm("AsyncIterator", "AsyncIterator")
ContextManager = _SpecialForm("ContextManager", "ContextManager")
TYPE_CHECKING = False


def cast(typ, val):
    return val


def overload(fn):
    return fn


def no_type_check(fn):
    return fn


def final(f):
    return f


def runtime_checkable(cls):
    return cls


def get_origin(tp):
    return getattr(tp, "__origin__", None)


def get_args(tp):
    return getattr(tp, "__args__", ())


def TypeVar(name, *constraints, **kwargs):
    return _SpecialForm(name)


def ParamSpec(name, **kwargs):
    return _SpecialForm(name)


def NewType(name, tp):
    return lambda x: x


class Generic:
    """A base for generic classes: Generic[T] is Generic."""

    def __class_getitem__(cls, params):
        return _GenericAlias(cls, params if isinstance(params, tuple) else (params,))


class Protocol(Generic):
    pass


# NamedTuple: a class statement with annotated fields (and defaults) makes
# a collections.namedtuple, with the body's other names as attributes.
_PROHIBITED = ("__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
               "_make", "_replace", "_asdict", "_source")
_SPECIAL = ("__module__", "__name__", "__annotations__", "__qualname__")


class _NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        import collections
        types = ns.get("__annotations__", {})
        defaults = []
        default_names = []
        for field_name in types:
            if field_name in ns:
                defaults.append(ns[field_name])
                default_names.append(field_name)
            elif defaults:
                s = "s" if len(default_names) > 1 else ""
                raise TypeError(f"Non-default namedtuple field {field_name} cannot follow default field{s} "
                                + ", ".join(default_names))
        nm_tpl = collections.namedtuple(typename, list(types), defaults=defaults, module=ns.get("__module__"))
        nm_tpl.__annotations__ = types
        for key in ns:
            if key in _PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _SPECIAL and key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl


_NamedTuple = type.__new__(_NamedTupleMeta, "NamedTuple", (), {"__module__": "typing"})


def NamedTuple(typename, fields=None, /, **kwargs):
    import collections
    if fields is None:
        fields = kwargs.items()
    fields = list(fields)
    nt = collections.namedtuple(typename, [name for name, _ in fields])
    nt.__annotations__ = dict(fields)
    return nt


def _namedtuple_mro_entries(bases):
    return (_NamedTuple,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


def TypedDict(typename, fields=None, /, total=True, **kwargs):
    return dict


def _typeddict_mro_entries(bases):
    return (dict,)


TypedDict.__mro_entries__ = _typeddict_mro_entries
