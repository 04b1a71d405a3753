# functools: partial objects as values (func, args, keywords; a partial of
# a partial is flattened; stored in lists and as defaults, as torchvision's
# norm_layer=partial(nn.BatchNorm2d, eps=...) is), reduce, wraps,
# lru_cache (memoization seen through a side effect), cache,
# cached_property, total_ordering, cmp_to_key.
# example: x=randn(1,4,3,3)
# opsets: 17
import functools
import operator
from functools import cached_property, lru_cache, partial, reduce, wraps

import torch
from torch import nn

CALLS = []


@lru_cache(maxsize=2)
def widths(n):
    CALLS.append(n)
    return [2 ** i for i in range(n)]


@functools.cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def logged(f):
    @wraps(f)
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs) + 1
    return wrapper


@logged
def add3(a, b, c=0):
    """Adds."""
    return a + b + c


@functools.total_ordering
class Version:
    def __init__(self, n):
        self.n = n

    def __eq__(self, other):
        return self.n == other.n

    def __lt__(self, other):
        return self.n < other.n


class Stats:
    def __init__(self, xs):
        self.xs = xs
        self.computed = 0

    @cached_property
    def total(self):
        self.computed += 1
        return sum(self.xs)


class PartialNet(nn.Module):
    def __init__(self, norm_layer=partial(nn.BatchNorm2d, eps=1e-3)):
        super().__init__()
        layer = partial(partial(nn.Conv2d, 4), kernel_size=1)
        self.conv = layer(4)
        self.norm = norm_layer(4)
        makers = [partial(operator.mul, 2), partial(pow, exp=2)]
        widths(3)
        widths(3)
        widths(4)
        widths(5)
        widths(3)
        st = Stats([1, 2, 3])
        st.total
        st.total
        vals = [self.norm.eps * 1000, len(layer.args), float(layer.func is nn.Conv2d), layer.keywords["kernel_size"],
                makers[0](5), makers[1](3), reduce(operator.add, [1, 2, 3], 10), reduce(lambda a, b: a * b, [2, 3]),
                len(CALLS), sum(CALLS), widths.cache_info().hits, fib(20), add3(1, 2, c=3), len(add3.__doc__),
                float(add3.__name__ == "add3"), add3.__wrapped__(1, 1), st.total, st.computed,
                float(Version(2) >= Version(1)), float(Version(1) > Version(2)),
                sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a))[0]]
        self.vals = [float(v) for v in vals]

    def forward(self, x):
        return self.norm(self.conv(x)), torch.tensor(self.vals)
