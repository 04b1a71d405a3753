# itertools, as Python defines it.  count, cycle, repeat, chain and islice
# are lazy iterators (zip(count(), xs) and islice(count(), 3) work); the
# others collect their items first, which gives the same items for every
# finite input.

__all__ = ["count", "cycle", "repeat", "accumulate", "chain", "compress", "dropwhile", "filterfalse",
           "groupby", "islice", "pairwise", "starmap", "takewhile", "tee", "zip_longest", "product",
           "permutations", "combinations", "combinations_with_replacement"]


class count:
    def __init__(self, start=0, step=1):
        self._n = start
        self._step = step

    def __iter__(self):
        return self

    def __next__(self):
        n = self._n
        self._n = n + self._step
        return n

    def __repr__(self):
        if self._step == 1:
            return f"count({self._n!r})"
        return f"count({self._n!r}, {self._step!r})"


class cycle:
    def __init__(self, iterable):
        self._saved = list(iterable)
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if not self._saved:
            raise StopIteration
        x = self._saved[self._i % len(self._saved)]
        self._i += 1
        return x


class repeat:
    def __init__(self, object, times=None):
        self._object = object
        self._times = times

    def __iter__(self):
        return self

    def __next__(self):
        if self._times is not None:
            if self._times <= 0:
                raise StopIteration
            self._times -= 1
        return self._object

    def __length_hint__(self):
        return 0 if self._times is None else max(self._times, 0)

    def __repr__(self):
        if self._times is None:
            return f"repeat({self._object!r})"
        return f"repeat({self._object!r}, {self._times!r})"


class chain:
    def __init__(self, *iterables):
        self._sources = iter(iterables)
        self._current = None

    @classmethod
    def from_iterable(cls, iterables):
        c = cls()
        c._sources = iter(iterables)
        return c

    def __iter__(self):
        return self

    def __next__(self):
        while True:
            if self._current is None:
                self._current = iter(next(self._sources))
            try:
                return next(self._current)
            except StopIteration:
                self._current = None


class islice:
    def __init__(self, iterable, *args):
        s = slice(*args)
        start = 0 if s.start is None else s.start
        step = 1 if s.step is None else s.step
        if s.stop is not None and (not isinstance(s.stop, int) or s.stop < 0):
            raise ValueError("Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
        if not isinstance(start, int) or start < 0:
            raise ValueError("Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.")
        if not isinstance(step, int) or step <= 0:
            raise ValueError("Step for islice() must be a positive integer or None.")
        self._it = iter(iterable)
        self._next = start
        self._stop = s.stop
        self._step = step
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._stop is not None and self._next >= self._stop:
            while self._i < self._stop:
                next(self._it)
                self._i += 1
            raise StopIteration
        while self._i < self._next:
            next(self._it)
            self._i += 1
        x = next(self._it)
        self._i += 1
        self._next += self._step
        return x


def accumulate(iterable, func=None, *, initial=None):
    out = []
    total = initial
    if initial is not None:
        out.append(initial)
    first = initial is None
    for x in iterable:
        if first:
            total = x
            first = False
        else:
            total = total + x if func is None else func(total, x)
        out.append(total)
    return iter(out)


def compress(data, selectors):
    return iter([d for d, s in zip(data, selectors) if s])


def dropwhile(predicate, iterable):
    out = []
    dropping = True
    for x in iterable:
        if dropping and predicate(x):
            continue
        dropping = False
        out.append(x)
    return iter(out)


def takewhile(predicate, iterable):
    out = []
    for x in iterable:
        if not predicate(x):
            break
        out.append(x)
    return iter(out)


def filterfalse(predicate, iterable):
    if predicate is None:
        return iter([x for x in iterable if not x])
    return iter([x for x in iterable if not predicate(x)])


def groupby(iterable, key=None):
    groups = []
    for x in iterable:
        k = x if key is None else key(x)
        if groups and groups[-1][0] == k:
            groups[-1][1].append(x)
        else:
            groups.append((k, [x]))
    return iter([(k, iter(items)) for k, items in groups])


def pairwise(iterable):
    items = list(iterable)
    return iter([(items[i], items[i + 1]) for i in range(len(items) - 1)])


def starmap(function, iterable):
    return iter([function(*args) for args in iterable])


def tee(iterable, n=2):
    if n < 0:
        raise ValueError("n must be >= 0")
    items = list(iterable)
    return tuple(iter(items) for _ in range(n))


def zip_longest(*args, fillvalue=None):
    columns = [list(a) for a in args]
    n = max([len(c) for c in columns], default=0)
    return iter([tuple(c[i] if i < len(c) else fillvalue for c in columns) for i in range(n)])


def product(*iterables, repeat=1):
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(pool) for pool in iterables] * repeat
    result = [()]
    for pool in pools:
        result = [x + (y,) for x in result for y in pool]
    return iter(result)


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if r < 0:
        raise ValueError("r must be non-negative")
    out = []
    for indices in _index_products(n, r):
        if len(set(indices)) == r:
            out.append(tuple(pool[i] for i in indices))
    return iter(out)


def combinations(iterable, r):
    if r < 0:
        raise ValueError("r must be non-negative")
    pool = tuple(iterable)
    out = []
    for indices in _index_products(len(pool), r):
        if list(indices) == sorted(set(indices)) and len(set(indices)) == r:
            out.append(tuple(pool[i] for i in indices))
    return iter(out)


def combinations_with_replacement(iterable, r):
    if r < 0:
        raise ValueError("r must be non-negative")
    pool = tuple(iterable)
    out = []
    for indices in _index_products(len(pool), r):
        if list(indices) == sorted(indices):
            out.append(tuple(pool[i] for i in indices))
    return iter(out)


def _index_products(n, r):
    result = [()]
    for _ in range(r):
        result = [x + (i,) for x in result for i in range(n)]
    return result
