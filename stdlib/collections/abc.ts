# collections.abc: the abstract base classes of containers, as Python
# defines them: isinstance(x, Sequence) holds for list, tuple, str and
# range (registered), for subclasses, and for registered classes; the
# one-method ABCs (Iterable, Sized, Callable, Hashable ...) also hold for a
# class that defines the method (__subclasshook__).  The mixin methods
# (Mapping.get, Sequence.index ...) serve subclasses.
from abc import ABCMeta, abstractmethod

__all__ = ["Hashable", "Iterable", "Iterator", "Reversible", "Generator", "Sized", "Container",
           "Callable", "Collection", "Set", "MutableSet", "Mapping", "MutableMapping", "MappingView",
           "KeysView", "ItemsView", "ValuesView", "Sequence", "MutableSequence"]

# The special methods of the builtin types that the checks look for (what
# their C slots define in Python; None: explicitly absent).
_CONTAINER = {"__iter__": True, "__len__": True, "__contains__": True, "__getitem__": True}
_BUILTIN_SLOTS = {
    object: {"__hash__": True},
    type: {"__hash__": True, "__call__": True},
    type(len): {"__hash__": True, "__call__": True},
    int: {"__hash__": True},
    float: {"__hash__": True},
    bool: {"__hash__": True},
    type(None): {"__hash__": True},
    str: dict(_CONTAINER, __hash__=True),
    tuple: dict(_CONTAINER, __hash__=True),
    range: dict(_CONTAINER, __hash__=True, __reversed__=True),
    list: dict(_CONTAINER, __hash__=None, __reversed__=True),
    dict: dict(_CONTAINER, __hash__=None, __reversed__=True),
    set: {"__iter__": True, "__len__": True, "__contains__": True, "__hash__": None},
    frozenset: {"__iter__": True, "__len__": True, "__contains__": True, "__hash__": True},
    slice: {"__hash__": None},
    type(iter(())): {"__iter__": True, "__next__": True, "__hash__": True},
}


def _class_dict(B):
    if B in _BUILTIN_SLOTS:
        return _BUILTIN_SLOTS[B]
    d = B.__dict__
    if "__eq__" in d and "__hash__" not in d:
        # a class that defines __eq__ alone has __hash__ = None
        d = dict(d)
        d["__hash__"] = None
    return d


def _check_methods(C, *methods):
    mro = C.__mro__
    for method in methods:
        for B in mro:
            d = _class_dict(B)
            if method in d:
                if d[method] is None:
                    return NotImplemented
                break
        else:
            return NotImplemented
    return True


class _AbcAlias:
    """Sequence[int]: usable in annotations and as a base class."""

    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args if isinstance(args, tuple) else (args,)

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __instancecheck__(self, obj):
        raise TypeError("isinstance() argument 2 cannot be a parameterized generic")

    def __repr__(self):
        return f"{self.__origin__.__module__}.{self.__origin__.__name__}[{', '.join(map(repr, self.__args__))}]"


def _alias(cls, params):
    return _AbcAlias(cls, params)


class Hashable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __hash__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Hashable:
            return _check_methods(C, "__hash__")
        return NotImplemented


class Iterable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __iter__(self):
        return iter(())

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Iterable:
            return _check_methods(C, "__iter__")
        return NotImplemented

    __class_getitem__ = classmethod(_alias)


class Iterator(Iterable):
    __slots__ = ()

    @abstractmethod
    def __next__(self):
        raise StopIteration

    def __iter__(self):
        return self

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Iterator:
            return _check_methods(C, "__iter__", "__next__")
        return NotImplemented


class Reversible(Iterable):
    __slots__ = ()

    @abstractmethod
    def __reversed__(self):
        return iter(())

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Reversible:
            return _check_methods(C, "__reversed__", "__iter__")
        return NotImplemented


class Generator(Iterator):
    __slots__ = ()

    @abstractmethod
    def send(self, value):
        raise StopIteration

    @abstractmethod
    def throw(self, typ, val=None, tb=None):
        raise typ

    def close(self):
        return None

    def __next__(self):
        return self.send(None)

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Generator:
            return _check_methods(C, "__iter__", "__next__", "send", "throw", "close")
        return NotImplemented


class Sized(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __len__(self):
        return 0

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return _check_methods(C, "__len__")
        return NotImplemented


class Container(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __contains__(self, x):
        return False

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Container:
            return _check_methods(C, "__contains__")
        return NotImplemented

    __class_getitem__ = classmethod(_alias)


class Collection(Sized, Iterable, Container):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Collection:
            return _check_methods(C, "__len__", "__iter__", "__contains__")
        return NotImplemented


class Callable(metaclass=ABCMeta):
    __slots__ = ()

    @abstractmethod
    def __call__(self, *args, **kwds):
        return False

    @classmethod
    def __subclasshook__(cls, C):
        if cls is Callable:
            return _check_methods(C, "__call__")
        return NotImplemented

    __class_getitem__ = classmethod(_alias)


class Set(Collection):
    __slots__ = ()

    def __le__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) > len(other):
            return False
        for elem in self:
            if elem not in other:
                return False
        return True

    def __lt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) < len(other) and self.__le__(other)

    def __ge__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        if len(self) < len(other):
            return False
        for elem in other:
            if elem not in self:
                return False
        return True

    def __gt__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) > len(other) and self.__ge__(other)

    def __eq__(self, other):
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and self.__le__(other)

    @classmethod
    def _from_iterable(cls, it):
        return cls(it)

    def __and__(self, other):
        return self._from_iterable([value for value in other if value in self])

    __rand__ = __and__

    def isdisjoint(self, other):
        for value in other:
            if value in self:
                return False
        return True

    def __or__(self, other):
        return self._from_iterable([e for e in self] + [e for e in other])

    __ror__ = __or__

    def __sub__(self, other):
        other = set(other)
        return self._from_iterable([value for value in self if value not in other])

    def __xor__(self, other):
        return (self - other) | (self._from_iterable(other) - self)


class MutableSet(Set):
    __slots__ = ()

    @abstractmethod
    def add(self, value):
        raise NotImplementedError

    @abstractmethod
    def discard(self, value):
        raise NotImplementedError

    def remove(self, value):
        if value not in self:
            raise KeyError(value)
        self.discard(value)

    def pop(self):
        for value in self:
            self.discard(value)
            return value
        raise KeyError

    def clear(self):
        for value in list(self):
            self.discard(value)

    def __ior__(self, it):
        for value in it:
            self.add(value)
        return self

    def __iand__(self, it):
        for value in list(self):
            if value not in it:
                self.discard(value)
        return self

    def __isub__(self, it):
        for value in it:
            self.discard(value)
        return self


class Mapping(Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, key):
        raise KeyError

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return [k for k in self]

    def items(self):
        return [(k, self[k]) for k in self]

    def values(self):
        return [self[k] for k in self]

    def __eq__(self, other):
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    __reversed__ = None


class MappingView(Sized):
    __slots__ = ()

    def __init__(self, mapping):
        self._mapping = mapping

    def __len__(self):
        return len(self._mapping)


class KeysView(MappingView, Set):
    __slots__ = ()

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(list(self._mapping))


class ItemsView(MappingView, Set):
    __slots__ = ()

    def __contains__(self, item):
        key, value = item
        return key in self._mapping and self._mapping[key] == value

    def __iter__(self):
        return iter([(key, self._mapping[key]) for key in self._mapping])


class ValuesView(MappingView, Collection):
    __slots__ = ()

    def __contains__(self, value):
        for key in self._mapping:
            if self._mapping[key] == value:
                return True
        return False

    def __iter__(self):
        return iter([self._mapping[key] for key in self._mapping])


class MutableMapping(Mapping):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, key, value):
        raise KeyError

    @abstractmethod
    def __delitem__(self, key):
        raise KeyError

    def pop(self, key, *default):
        try:
            value = self[key]
        except KeyError:
            if default:
                return default[0]
            raise
        del self[key]
        return value

    def popitem(self):
        for key in self:
            value = self[key]
            del self[key]
            return key, value
        raise KeyError

    def clear(self):
        for key in list(self):
            del self[key]

    def update(self, other=(), /, **kwds):
        if isinstance(other, Mapping) or isinstance(other, dict):
            for key in list(other.keys()):
                self[key] = other[key]
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwds.items():
            self[key] = value

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
        return default


class Sequence(Reversible, Collection):
    __slots__ = ()

    @abstractmethod
    def __getitem__(self, index):
        raise IndexError

    def __iter__(self):
        out = []
        i = 0
        try:
            while True:
                out.append(self[i])
                i += 1
        except IndexError:
            pass
        return iter(out)

    def __contains__(self, value):
        for v in self:
            if v is value or v == value:
                return True
        return False

    def __reversed__(self):
        return iter([self[i] for i in range(len(self) - 1, -1, -1)])

    def index(self, value, start=0, stop=None):
        if start is not None and start < 0:
            start = max(len(self) + start, 0)
        if stop is not None and stop < 0:
            stop += len(self)
        i = start
        while stop is None or i < stop:
            try:
                v = self[i]
            except IndexError:
                break
            if v is value or v == value:
                return i
            i += 1
        raise ValueError

    def count(self, value):
        return sum(1 for v in self if v is value or v == value)


class MutableSequence(Sequence):
    __slots__ = ()

    @abstractmethod
    def __setitem__(self, index, value):
        raise IndexError

    @abstractmethod
    def __delitem__(self, index):
        raise IndexError

    @abstractmethod
    def insert(self, index, value):
        raise IndexError

    def append(self, value):
        self.insert(len(self), value)

    def clear(self):
        while len(self):
            self.pop()

    def reverse(self):
        n = len(self)
        for i in range(n // 2):
            self[i], self[n - i - 1] = self[n - i - 1], self[i]

    def extend(self, values):
        for v in list(values):
            self.append(v)

    def pop(self, index=-1):
        v = self[index]
        del self[index]
        return v

    def remove(self, value):
        del self[self.index(value)]

    def __iadd__(self, values):
        self.extend(values)
        return self


Set.register(frozenset)
MutableSet.register(set)
MutableMapping.register(dict)
Sequence.register(tuple)
Sequence.register(str)
Sequence.register(range)
MutableSequence.register(list)
