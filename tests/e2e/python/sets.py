# set and frozenset while the model is built: displays, comprehensions,
# set(iterable), the algebra as methods and operators (and in place),
# subset comparisons, membership, frozensets as dict keys.  Iteration order
# is the compiler's (insertion order), so only order-free results and
# sorted() reach the output.
# example: x=randn(3)
# opsets: 17
import torch
from torch import nn


class Sets(nn.Module):
    def __init__(self):
        super().__init__()
        s = {3, 1, 2}
        s.add(5)
        s.discard(7)
        s.remove(1)
        t = set(range(4))
        u = frozenset([2, 9])
        vals = [
            len(s), sum(sorted(s)), sorted(s)[0] * 100 + sorted(s)[-1],
            sum(s | t), sum(s & t), sum(s - t), sum(s ^ t), sum(u | s), sum(u & t),
            len(s.union([10], (11,))), len(t.intersection(u)), len(t.difference(u, {0})),
            len(t.symmetric_difference(u)), len(u.union(s)),
            float(s <= {2, 3, 5, 8}), float(s < s), float(s >= {2}), float(s > {2, 3}),
            float({1, 2} == {2, 1}), float(u == {2, 9}), float(u != frozenset([2])),
            float(t.issubset(range(10))), float(t.issuperset([0, 1])), float(t.isdisjoint(u)),
            len({i % 3 for i in range(10)}), float(4 in t), float(9 not in s), float(bool(set())),
        ]
        v = {1, 2}
        v |= {3}
        v &= {2, 3, 4}
        v -= {2}
        v ^= {5}
        vals.append(sum(v) * 10 + len(v))
        w = set()
        w.update([1, 2], {3})
        w.intersection_update({2, 3, 4})
        w.difference_update([3])
        w.symmetric_difference_update({7})
        vals.append(sum(w))
        p = {4, 5}
        x = p.pop()
        vals.append(float(x in {4, 5}) + len(p))
        d = {frozenset({1, 2}): 7, frozenset(): 1}
        vals.append(d[frozenset([2, 1])] + d[frozenset()])
        vals.append(float(hash(frozenset([1, 2])) == hash(frozenset([2, 1]))))
        c = s.copy()
        c.add(100)
        vals.append(float(100 not in s))
        c.clear()
        vals.append(len(c))
        words = {"b", "a", "c", "a"}
        vals.append(len(words) * 10 + len(sorted(words)[0] + "".join(sorted(words))))
        vals.append(float(set("abc") == {"c", "b", "a"}))
        vals.append(sum({k: 0 for k in {7, 8}}))
        self.vals = vals

    def forward(self, x):
        return x.sum() + torch.tensor(self.vals, dtype=torch.float32)
