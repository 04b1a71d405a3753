# itertools (chain, chain.from_iterable, product, repeat, accumulate,
# zip_longest, islice, count, permutations, combinations, groupby, starmap
# ...), operator (add, mul, itemgetter, attrgetter, methodcaller, getitem)
# and the math functions model code uses.
# example: x=randn(3)
# opsets: 17
import itertools
import math
import operator
from itertools import accumulate, chain, combinations, count, groupby, islice, permutations, product

import torch
from torch import nn


class Cfg:
    def __init__(self):
        self.inner = Cfg2()


class Cfg2:
    depth = 7


class ItertoolsMath(nn.Module):
    def __init__(self):
        super().__init__()
        stages = [[1, 2], [3], [4, 5, 6]]
        flat = list(chain(*stages))
        flat2 = list(chain.from_iterable(stages))
        grid = list(product(range(2), "ab", repeat=1))
        vals = [sum(flat), len(flat2), len(grid), len(list(product([0, 1], repeat=3))),
                sum(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3], operator.mul))[-1],
                list(accumulate([1, 2], initial=10))[0], len(list(itertools.zip_longest("ab", "xyz"))),
                list(islice(count(10, 5), 2, 4))[1], list(islice("abcdef", 3))[-1] == "c",
                len(list(permutations(range(4), 2))), len(list(combinations(range(5), 3))),
                len(list(itertools.combinations_with_replacement("ab", 2))),
                [len(list(g)) for _, g in groupby("aaabbc")][0], list(itertools.starmap(max, [(1, 5), (7, 2)]))[1],
                sum(itertools.repeat(2, 3)), list(itertools.takewhile(lambda v: v < 3, [1, 2, 5, 1]))[-1],
                list(itertools.dropwhile(lambda v: v < 3, [1, 2, 5, 1]))[0], list(itertools.compress("abc", [1, 0, 1]))[1] == "c",
                list(itertools.pairwise([1, 2, 4]))[1][1], next(itertools.cycle([3, 4])),
                sum(a * b for a, b in zip(count(1), [5, 6, 7])),
                operator.add(2, 3), operator.mul(2, 3), operator.getitem([4, 5], 1), operator.itemgetter(0)((9, 8)),
                operator.attrgetter("inner.depth")(Cfg()), operator.methodcaller("count", 2)([2, 2, 3]),
                operator.neg(4), operator.truediv(1, 4), operator.floordiv(7, 2), float(operator.contains([1], 1)),
                math.ceil(2.1), math.floor(-2.1), math.sqrt(16), math.log(math.e), math.exp(0), math.pow(2, 10),
                math.gcd(12, 18), math.isqrt(99), math.prod([1, 2, 3, 4]), float(math.isclose(0.1 + 0.2, 0.3)),
                float(math.isinf(math.inf)), math.pi, math.log2(8), math.log10(1000), math.comb(6, 2),
                math.perm(4, 2), math.lcm(4, 6), math.fsum([0.1] * 10), math.trunc(-2.7), math.copysign(1, -0.0),
                math.hypot(3, 4), math.fmod(7, 3), math.factorial(5), math.degrees(math.pi), math.dist((0, 0), (3, 4)),
                math.modf(2.5)[0], math.frexp(8)[1], math.ldexp(1, 3)]
        self.vals = [float(v) for v in vals]

    def forward(self, x):
        return x.sum() + torch.tensor(self.vals)
