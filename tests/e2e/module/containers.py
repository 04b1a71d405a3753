# The containers of torch/nn/modules/container.py as model code edits
# them while it is built: ModuleList (+=, +, extend, insert, append, pop,
# negative indices, slices, item assignment and deletion, which renumbers),
# Sequential (slices are Sequentials with the same keys, an OrderedDict
# argument, append, insert, extend, pop, del, +, *, negative indices),
# ModuleDict (keys/values/items, update from a dict and from pairs, pop,
# clear, del) and ParameterList/ParameterDict (registered parameters, a
# plain dict taken in sorted key order).  The state_dict keys that result
# must match PyTorch's, since the weights are loaded by name; the keys
# are also returned as numbers, with the errors of del.
# example: x=randn(2,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,4)
# tsc2onnx: --dynamic x:0=N
from collections import OrderedDict

import torch
import torch.nn as nn


def code(names):
    """A number for a list of strings: order and spelling both count."""
    return float(sum((i + 1) * sum(ord(c) for c in name) for i, name in enumerate(names)))


def scale(k):
    return Scale(k)


class Scale(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x * self.k + 0.125


class Containers(nn.Module):
    def __init__(self):
        super().__init__()
        stats = []
        # ModuleList
        ml = nn.ModuleList([scale(1.0), scale(2.0)])
        ml += [scale(3.0)]
        ml.extend([scale(4.0), scale(5.0)])
        ml.append(scale(6.0))
        ml.insert(1, scale(7.0))
        ml[-1] = scale(8.0)
        del ml[0]
        popped = ml.pop(-2)
        del ml[1:3]
        both = ml + nn.ModuleList([scale(9.0)])
        stats.append(float(len(ml)) * 100 + float(len(both)))
        stats.extend([m.k for m in ml] + [popped.k, ml[-1].k, both[-1].k])
        stats.append(float(type(ml[1:]) is nn.ModuleList) + float(len(ml[::2])))
        stats.append(code(list(ml._modules.keys())))
        self.mlist = ml
        # Sequential
        seq = nn.Sequential(OrderedDict([("first", scale(0.5)), ("second", scale(1.5)),
                                         ("third", scale(2.5))]))
        part = seq[1:]
        stats.append(float(type(part) is nn.Sequential))
        stats.append(code(list(part._modules.keys())))
        stats.append(seq[-1].k + seq[0].k)
        self.named = seq
        # insert renumbers keys '0', '1' ...: a Sequential made from an
        # OrderedDict raises KeyError in insert, as in PyTorch
        try:
            seq.insert(1, scale(0.0))
        except KeyError:
            stats.append(-1.0)
        seq = nn.Sequential(scale(0.5), scale(1.5), scale(2.5))
        seq.append(scale(3.5))
        seq.insert(1, scale(4.5))
        seq.extend(nn.Sequential(scale(5.5)))
        last = seq.pop(-1)
        del seq[0]
        seq[0] = scale(6.5)
        stats.append(last.k)
        stats.append(code(list(seq._modules.keys())))
        stats.extend([m.k for m in seq])
        doubled = nn.Sequential(scale(1.0), scale(0.5)) * 2
        added = nn.Sequential(scale(2.0)) + nn.Sequential(scale(0.25))
        stats.append(float(len(doubled)) * 10 + float(len(added)))
        self.seq = seq
        self.doubled = doubled
        self.added = added
        # ModuleDict
        md = nn.ModuleDict({"b": scale(1.25), "a": scale(0.75)})
        md.update([("c", scale(2.25)), ("a", scale(0.5))])
        md.update({"d": scale(1.75)})
        md["e"] = scale(3.0)
        gone = md.pop("b")
        del md["e"]
        stats.append(gone.k)
        stats.append(code(list(md.keys())))
        stats.append(sum(m.k for m in md.values()))
        stats.append(code([k for k, _ in md.items()]) + float("c" in md) + float("b" in md))
        spare = nn.ModuleDict({"x": scale(1.0)})
        spare.clear()
        stats.append(float(len(spare)))
        self.mdict = md
        # ParameterList and ParameterDict
        pl = nn.ParameterList([nn.Parameter(torch.full((4,), 0.5)), torch.ones(4)])
        pl.append(nn.Parameter(torch.full((4,), 2.0)))
        pl.extend([torch.zeros(4)])
        stats.append(float(len(pl)) + float(isinstance(pl[1], nn.Parameter)))
        self.plist = pl
        pd = nn.ParameterDict({"w": nn.Parameter(torch.ones(4)), "b": torch.zeros(4)})
        pd["m"] = nn.Parameter(torch.full((4,), 3.0))
        stats.append(code(list(pd.keys())) + float("w" in pd) + float(len(pd)))
        self.pdict = pd
        stats.append(code(list(self.state_dict().keys())))
        # del on what has no __delitem__, and on a missing key
        try:
            del nn.Identity()[0]
        except TypeError as e:
            stats.append(code([str(e)]))
        try:
            del {"a": 1}["b"]
        except KeyError as e:
            stats.append(code([str(e)]))
        self.register_buffer("stats", torch.tensor(stats), persistent=False)

    def forward(self, x):
        for m in self.mlist:
            x = m(x)
        x = self.mlist[-1](x) + self.mlist[0](x)
        x = self.seq(x) + self.doubled(x) + self.added(x) + self.named(x)
        for key in self.mdict:
            x = x + self.mdict[key](x)
        for p in self.plist:
            x = x * p + 1.0
        x = (x + self.pdict["b"]) * self.pdict["w"] - self.pdict["m"]
        return x, self.stats + 0.0
