# sorted() and list.sort() at compile time as Python does them (a stable
# merge sort asking only `<`): key=, reverse= keeping equal items in their
# order, strings (code point order, prefixes first, non-ASCII), tuples,
# mixed ints, floats and bools, NaN left where CPython's steps leave it, a class
# with __lt__, and a list long enough that an n^2 sort would show.
# example: x=randn(3)
import torch
from torch import nn


class Key:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v % 7 < other.v % 7


def encode(items):
    """A list of sortable values as numbers, position by position."""
    out = []
    for v in items:
        if isinstance(v, str):
            out.append(float(sum((i + 1) * ord(c) for i, c in enumerate(v))))
        elif isinstance(v, tuple):
            out.append(float(v[0]) * 100.0 + float(v[1]))
        elif isinstance(v, Key):
            out.append(float(v.v))
        else:
            out.append(float(v))
    return out


class Sorting(nn.Module):
    def __init__(self):
        super().__init__()
        words = ["pear", "apple", "Zebra", "app", "banana", "", "apple"]
        pairs = [(2, 1), (1, 9), (2, 0), (1, 9), (0, 5), (2, 1)]
        mixed = [3, 1.5, True, -2, 0.0, False, 2.5, 1]
        nan = float("nan")
        with_nan = [3.0, nan, 1.0, 2.0]
        big = [(i * 7919) % 10007 for i in range(5000)]
        l = list(pairs)
        l.sort(key=lambda p: p[1], reverse=True)
        rows = [
            encode(sorted(words)),
            encode(sorted(words, key=len)),
            encode(sorted(words, key=len, reverse=True)),
            encode(sorted(pairs)),
            encode(sorted(pairs, key=lambda p: p[0])),
            encode(sorted(pairs, key=lambda p: p[0], reverse=True)),
            encode(l),
            encode(sorted(mixed)),
            encode(sorted(mixed, reverse=True)),
            encode(sorted([Key(v) for v in [10, 3, 15, 7, 22, 1]])),
        ]
        width = max(len(r) for r in rows)
        self.table = torch.tensor([r + [0.0] * (width - len(r)) for r in rows])
        s = sorted(with_nan) + sorted(with_nan, reverse=True) + sorted([nan, 2.0, nan, 1.0, 0.0, 5.0, nan, -1.0])
        self.nan_pos = torch.tensor([-9.0 if v != v else v for v in s])
        sb = sorted(big)
        self.big = torch.tensor([float(sb[0]), float(sb[-1]), float(sb[2500]),
                                 float(all(sb[i] <= sb[i + 1] for i in range(len(sb) - 1)))])

    def forward(self, x: torch.Tensor):
        return self.table + x.sum() * 0, self.nan_pos, self.big
