# functools: partial, reduce, wraps / update_wrapper, lru_cache / cache,
# cached_property, total_ordering, cmp_to_key, singledispatch, as Python
# defines them.
import _native

__all__ = ["partial", "partialmethod", "reduce", "wraps", "update_wrapper", "WRAPPER_ASSIGNMENTS",
           "WRAPPER_UPDATES", "lru_cache", "cache", "cached_property", "total_ordering", "cmp_to_key",
           "singledispatch"]

WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__", "__annotations__")
WRAPPER_UPDATES = ("__dict__",)


class partial:
    """partial(func, *args, **keywords): func with some arguments given.
    A partial of a partial is flattened."""

    def __init__(self, func, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        keywords = {**self.keywords, **keywords}
        return self.func(*self.args, *args, **keywords)

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(x) for x in self.args)
        parts.extend(f"{k}={v!r}" for (k, v) in self.keywords.items())
        return f"functools.partial({', '.join(parts)})"


class partialmethod:
    """A partial that binds like a method."""

    def __init__(self, func, *args, **keywords):
        self.func = func
        self.args = args
        self.keywords = keywords

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return partial(self.func, obj, *self.args, **self.keywords)


def reduce(function, sequence, *initial):
    if len(initial) > 1:
        raise TypeError(f"reduce expected at most 3 arguments, got {len(initial) + 2}")
    items = list(sequence)
    if initial:
        acc = initial[0]
    elif not items:
        raise TypeError("reduce() of empty iterable with no initial value")
    else:
        acc = items[0]
        items = items[1:]
    for x in items:
        acc = function(acc, x)
    return acc


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        target = getattr(wrapper, attr, None)
        source = getattr(wrapped, attr, None)
        if target is not None and source is not None:
            target.update(source)
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


class _CacheInfo:
    def __init__(self, hits, misses, maxsize, currsize):
        self.hits = hits
        self.misses = misses
        self.maxsize = maxsize
        self.currsize = currsize

    def __iter__(self):
        return iter([self.hits, self.misses, self.maxsize, self.currsize])

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        return (f"CacheInfo(hits={self.hits}, misses={self.misses}, maxsize={self.maxsize}, "
                f"currsize={self.currsize})")


_kwd_mark = object()


def _make_key(args, kwds, typed):
    key = args
    if kwds:
        key = key + (_kwd_mark,)
        for item in kwds.items():
            key = key + item
    if typed:
        key = key + tuple(type(v) for v in args)
        if kwds:
            key = key + tuple(type(v) for v in kwds.values())
    return key


class _lru_cache_wrapper:
    """The memoizing wrapper of lru_cache: calls with equal (hashable)
    arguments return the first result; maxsize bounds the entries, dropping
    the least recently used.  Binds like a function when it is a method."""

    def __init__(self, func, maxsize, typed):
        self.__wrapped__ = func
        self._maxsize = maxsize
        self._typed = typed
        self._cache = {}
        self._hits = 0
        self._misses = 0
        update_wrapper(self, func)

    def __call__(self, *args, **kwds):
        key = _make_key(args, kwds, self._typed)
        if not _native.hashable(key):
            for item in key:
                if isinstance(item, (list, dict, set)):
                    raise TypeError(f"unhashable type: '{type(item).__name__}'")
            # a number known only at run time: no memoizing
            return self.__wrapped__(*args, **kwds)
        if key in self._cache:
            self._hits += 1
            result = self._cache.pop(key)
            self._cache[key] = result
            return result
        self._misses += 1
        result = self.__wrapped__(*args, **kwds)
        if self._maxsize is None or self._maxsize > 0:
            self._cache[key] = result
            if self._maxsize is not None and len(self._cache) > self._maxsize:
                self._cache.pop(next(iter(self._cache)))
        return result

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return partial(self, obj)

    def cache_info(self):
        return _CacheInfo(self._hits, self._misses, self._maxsize, len(self._cache))

    def cache_clear(self):
        self._cache.clear()
        self._hits = 0
        self._misses = 0

    def cache_parameters(self):
        return {"maxsize": self._maxsize, "typed": self._typed}


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        return _lru_cache_wrapper(maxsize, 128, typed)
    elif maxsize is not None:
        raise TypeError("Expected first argument to be an integer, a callable, or None")

    def decorating_function(user_function):
        return _lru_cache_wrapper(user_function, maxsize, typed)
    return decorating_function


def cache(user_function, /):
    return _lru_cache_wrapper(user_function, None, False)


class cached_property:
    """A property computed once per instance, then stored in the instance."""

    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError("Cannot assign the same cached_property to two different names "
                            f"({self.attrname!r} and {name!r}).")

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            raise TypeError("Cannot use cached_property instance without calling __set_name__ on it.")
        value = self.func(instance)
        object.__setattr__(instance, self.attrname, value)
        return value


def total_ordering(cls):
    """Fills in the missing ordering methods from one of them and __eq__."""
    roots = [op for op in ("__lt__", "__le__", "__gt__", "__ge__") if op in cls.__dict__]
    if not roots:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    root = max(roots)
    derived = {
        "__lt__": {"__gt__": _gt_from_lt, "__le__": _le_from_lt, "__ge__": _ge_from_lt},
        "__le__": {"__ge__": _ge_from_le, "__lt__": _lt_from_le, "__gt__": _gt_from_le},
        "__gt__": {"__lt__": _lt_from_gt, "__ge__": _ge_from_gt, "__le__": _le_from_gt},
        "__ge__": {"__le__": _le_from_ge, "__gt__": _gt_from_ge, "__lt__": _lt_from_ge},
    }[root]
    for name, fn in derived.items():
        if name not in roots:
            setattr(cls, name, fn)
    return cls


def _gt_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result and self != other


def _le_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result or self == other


def _ge_from_lt(self, other):
    op_result = type(self).__lt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _ge_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result or self == other


def _lt_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result and self != other


def _gt_from_le(self, other):
    op_result = type(self).__le__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _lt_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result and self != other


def _ge_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result or self == other


def _le_from_gt(self, other):
    op_result = type(self).__gt__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def _le_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result or self == other


def _gt_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return op_result and self != other


def _lt_from_ge(self, other):
    op_result = type(self).__ge__(self, other)
    if op_result is NotImplemented:
        return op_result
    return not op_result


def cmp_to_key(mycmp):
    class K:
        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None
    return K


class singledispatch:
    """A function dispatched on the class of its first argument."""

    def __init__(self, func):
        self.registry = {object: func}
        self.__wrapped__ = func
        update_wrapper(self, func)

    def dispatch(self, cls):
        for base in cls.__mro__:
            if base in self.registry:
                return self.registry[base]
        return self.registry[object]

    def register(self, cls, func=None):
        if func is None:
            if isinstance(cls, type):
                return lambda f: self.register(cls, f)
            func = cls
            cls = list(func.__annotations__.values())[0]
        self.registry[cls] = func
        return func

    def __call__(self, *args, **kwargs):
        if not args:
            raise TypeError(f"{self.__name__} requires at least 1 positional argument")
        return self.dispatch(args[0].__class__)(*args, **kwargs)
