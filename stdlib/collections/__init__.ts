# collections: namedtuple, OrderedDict, defaultdict, Counter, deque and
# ChainMap, as Python defines them.  A namedtuple is a subclass of tuple
# and OrderedDict, defaultdict and Counter subclasses of dict: their
# instances are the builtin values, tagged with the class, so they index,
# unpack, compare and hash as tuples and dicts do.

__all__ = ["namedtuple", "OrderedDict", "defaultdict", "Counter", "deque", "ChainMap"]

_KEYWORDS = frozenset([
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
    "return", "try", "while", "with", "yield",
])


def _join_names(names):
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _bind(qualname, names, defaults, args, kwargs, kw_only=(), offset=1):
    """The values of NAMES (then the keyword-only KW_ONLY) for a call of
    QUALNAME with ARGS and KWARGS, with the TypeErrors of Python's binding;
    DEFAULTS maps names to default values."""
    n = len(names)
    if len(args) > n:
        ndef = len([x for x in names if x in defaults])
        given = len(args) + offset
        if ndef:
            takes = f"from {n - ndef + offset} to {n + offset} positional arguments"
        else:
            takes = f"{n + offset} positional argument" + ("" if n + offset == 1 else "s")
        raise TypeError(f"{qualname}() takes {takes} but {given} {'was' if given == 1 else 'were'} given")
    for k in kwargs:
        if k in kw_only:
            continue
        if k not in names:
            raise TypeError(f"{qualname}() got an unexpected keyword argument '{k}'")
        if names.index(k) < len(args):
            raise TypeError(f"{qualname}() got multiple values for argument '{k}'")
    out = {}
    missing = []
    for i, name in enumerate(names):
        if i < len(args):
            out[name] = args[i]
        elif name in kwargs:
            out[name] = kwargs[name]
        elif name in defaults:
            out[name] = defaults[name]
        else:
            missing.append(name)
    if missing:
        s = "" if len(missing) == 1 else "s"
        raise TypeError(f"{qualname}() missing {len(missing)} required positional argument{s}: "
                        + _join_names(missing))
    missing = []
    for name in kw_only:
        if name in kwargs:
            out[name] = kwargs[name]
        elif name in defaults:
            out[name] = defaults[name]
        else:
            missing.append(name)
    if missing:
        s = "" if len(missing) == 1 else "s"
        raise TypeError(f"{qualname}() missing {len(missing)} required keyword-only argument{s}: "
                        + _join_names(missing))
    return out


def _field_getter(index, doc):
    def get(self):
        return self[index]
    get.__doc__ = doc
    return property(get)


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """A subclass of tuple with named fields."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or name in _KEYWORDS or name.startswith("_")
                    or name in seen):
                field_names[index] = f"_{index}"
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError("Type names and field names must be strings")
        if not name.isidentifier():
            raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
        if name in _KEYWORDS:
            raise ValueError(f"Type names and field names cannot be a keyword: {name!r}")
    seen = set()
    for name in field_names:
        if name.startswith("_") and not rename:
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        if name in seen:
            raise ValueError(f"Encountered duplicate field name: {name!r}")
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError("Got more default values than field names")
        for name, value in zip(field_names[len(field_names) - len(defaults):], defaults):
            field_defaults[name] = value
    field_names = tuple(field_names)
    qualname_new = f"{typename}.__new__"

    def __new__(_cls, *args, **kwargs):
        values = _bind(qualname_new, field_names, field_defaults, args, kwargs)
        return tuple.__new__(_cls, [values[n] for n in field_names])

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != len(field_names):
            raise TypeError(f"Expected {len(field_names)} arguments, got {len(result)}")
        return result

    def _replace(self, **kwds):
        values = [kwds.pop(name) if name in kwds else self[i] for i, name in enumerate(field_names)]
        if kwds:
            raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
        return tuple.__new__(type(self), values)

    def __repr__(self):
        inner = ", ".join(f"{name}={self[i]!r}" for i, name in enumerate(field_names))
        return f"{type(self).__name__}({inner})"

    def _asdict(self):
        return dict(zip(field_names, self))

    def __getnewargs__(self):
        return tuple(self)

    namespace = {
        "__doc__": f"{typename}({', '.join(field_names)})",
        "__slots__": (),
        "_fields": field_names,
        "_field_defaults": field_defaults,
        "__new__": __new__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": field_names,
    }
    for index, name in enumerate(field_names):
        namespace[name] = _field_getter(index, f"Alias for field number {index}")
    if module is None:
        module = "__main__"
    namespace["__module__"] = module
    return type(typename, (tuple,), namespace)


class OrderedDict(dict):
    """A dict that remembers insertion order, with move_to_end and
    popitem(last=), and order-sensitive equality between OrderedDicts."""

    def __init__(self, other=(), /, **kwds):
        self.update(other, **kwds)

    def move_to_end(self, key, last=True):
        value = self.pop(key)
        if last:
            self[key] = value
            return
        rest = list(self.items())
        dict.clear(self)
        self[key] = value
        for k, v in rest:
            self[k] = v

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        key = next(reversed(list(self.keys()))) if last else next(iter(self.keys()))
        value = self.pop(key)
        return key, value

    def copy(self):
        return self.__class__(self)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict(self) == dict(other) and list(self.keys()) == list(other.keys())
        if isinstance(other, dict):
            return dict(self) == dict(other)
        return NotImplemented

    def __repr__(self):
        if not self:
            return f"{self.__class__.__name__}()"
        return f"{self.__class__.__name__}({dict(self)!r})"

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self


class defaultdict(dict):
    """A dict that calls default_factory for a missing key."""

    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def copy(self):
        return type(self)(self.default_factory, self)

    def __repr__(self):
        return f"{type(self).__name__}({self.default_factory!r}, {dict(self)!r})"


class Counter(dict):
    """A dict of counts: Counter('abca')['a'] == 2."""

    def __init__(self, iterable=None, /, **kwds):
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        items = sorted(self.items(), key=_second, reverse=True)
        return items if n is None else items[:n]

    def elements(self):
        out = []
        for elem, count in self.items():
            for _ in range(count):
                out.append(elem)
        return iter(out)

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self[elem] + count
            else:
                for elem in iterable:
                    self[elem] = self[elem] + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self[elem] - count
            else:
                for elem in iterable:
                    self[elem] = self[elem] - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    def __repr__(self):
        if not self:
            return f"{self.__class__.__name__}()"
        return f"{self.__class__.__name__}({dict(self.most_common())!r})"

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count + other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            newcount = count - other[elem]
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = other_count if count < other_count else count
            if newcount > 0:
                result[elem] = newcount
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            newcount = count if count < other_count else other_count
            if newcount > 0:
                result[elem] = newcount
        return result


def _second(pair):
    return pair[1]


class deque:
    """A double-ended queue, with maxlen."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None and maxlen < 0:
            raise ValueError("maxlen must be non-negative")
        self._items = []
        self.maxlen = maxlen
        self.extend(iterable)

    def append(self, x):
        self._items.append(x)
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop(0)

    def appendleft(self, x):
        self._items.insert(0, x)
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop()

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop(0)

    def extend(self, iterable):
        for x in list(iterable):
            self.append(x)

    def extendleft(self, iterable):
        for x in list(iterable):
            self.appendleft(x)

    def clear(self):
        self._items.clear()

    def rotate(self, n=1):
        if self._items:
            n = n % len(self._items)
            if n:
                self._items[:] = self._items[-n:] + self._items[:-n]

    def count(self, x):
        return self._items.count(x)

    def index(self, x, *args):
        return self._items.index(x, *args)

    def remove(self, value):
        self._items.remove(value)

    def reverse(self):
        self._items.reverse()

    def copy(self):
        return deque(self._items, self.maxlen)

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(list(self._items))

    def __reversed__(self):
        return iter(self._items[::-1])

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, x):
        self._items[i] = x

    def __contains__(self, x):
        return x in self._items

    def __bool__(self):
        return len(self._items) > 0

    def __eq__(self, other):
        if isinstance(other, deque):
            return self._items == other._items
        return NotImplemented

    def __repr__(self):
        if self.maxlen is None:
            return f"deque({self._items!r})"
        return f"deque({self._items!r}, maxlen={self.maxlen})"


class ChainMap:
    """Several mappings searched in order; writes go to the first."""

    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __getitem__(self, key):
        for mapping in self.maps:
            if key in mapping:
                return mapping[key]
        raise KeyError(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __len__(self):
        return len(self.keys())

    def keys(self):
        seen = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                seen[k] = None
        return list(seen)

    def __iter__(self):
        return iter(self.keys())

    def items(self):
        return [(k, self[k]) for k in self.keys()]

    def values(self):
        return [self[k] for k in self.keys()]

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def new_child(self, m=None):
        return ChainMap({} if m is None else m, *self.maps)

    @property
    def parents(self):
        return ChainMap(*self.maps[1:])
