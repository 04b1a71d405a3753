# numpy, as far as model code uses it while the model is built: the
# schedules and constants of __init__ (torchvision's MaxViT:
# `np.linspace(0, p, n).tolist()`).  Arrays are 1-D lists of Python
# numbers; anything else numpy offers is an error naming it, never a guess.
import math

pi = math.pi
e = math.e
inf = math.inf
nan = math.nan


class ndarray:
    """A 1-D array of Python floats or ints."""

    def __init__(self, items):
        self._items = list(items)

    def tolist(self):
        return list(self._items)

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return ndarray(self._items[i])
        return self._items[i]

    @property
    def shape(self):
        return (len(self._items),)

    def sum(self):
        return sum(self._items)

    def __getattr__(self, name):
        raise AttributeError(f"numpy.ndarray.{name} is not supported by tsc2onnx (arrays here are 1-D lists "
                             "of numbers for __init__'s schedules)")


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else math.nan
    items = [start + i * step for i in range(num)] if div > 0 else [float(start)] * num
    if endpoint and num > 1:
        items[-1] = float(stop)
    items = [float(x) for x in items]
    if dtype is not None and dtype is not float and dtype != "float64":
        raise TypeError("numpy.linspace: only float64 results are supported by tsc2onnx")
    arr = ndarray(items)
    return (arr, step) if retstep else arr


def arange(start, stop=None, step=1, dtype=None):
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ZeroDivisionError("division by zero")
    n = max(0, math.ceil((stop - start) / step))
    return ndarray([start + i * step for i in range(n)])


def cumsum(a):
    out, total = [], 0
    for x in a:
        total = total + x
        out.append(total)
    return ndarray(out)


def prod(a):
    return math.prod(a)


def sqrt(x):
    return math.sqrt(x)


def log(x):
    return math.log(x)


def exp(x):
    return math.exp(x)


def floor(x):
    return float(math.floor(x))


def ceil(x):
    return float(math.ceil(x))
