# isinstance and issubclass with the ABCs of collections.abc and typing:
# builtin types are Sequences, Mappings, Callables ...; a user class is an
# instance of an ABC when it subclasses it, is registered, or (for the
# one-method ABCs) defines the method.  Unions (int | None) too.
# example: x=randn(3)
# opsets: 17
import collections.abc as cabc
import typing
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence

import torch
from torch import nn


class Seq(cabc.Sequence):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * 2

    def __len__(self):
        return self.n


class HasLen:
    def __len__(self):
        return 3


class Registered:
    pass


cabc.MutableMapping.register(Registered)


class Eq:
    def __eq__(self, other):
        return True


def checks(obj):
    return [isinstance(obj, c) for c in (cabc.Sequence, cabc.MutableSequence, cabc.Mapping,
                                         cabc.MutableMapping, cabc.Iterable, cabc.Iterator, cabc.Callable,
                                         cabc.Sized, cabc.Container, cabc.Hashable, cabc.Collection,
                                         cabc.Set, cabc.MutableSet, cabc.Reversible)]


class AbcChecks(nn.Module):
    def __init__(self):
        super().__init__()
        objs = [[1], (1,), "s", range(3), {1: 2}, OrderedDict(), {1}, frozenset(), 1, 2.5, None,
                len, nn.ReLU(), nn.ReLU, iter([1]), Seq(2), HasLen(), Registered(), Eq(), lambda: 0]
        flags = []
        for o in objs:
            flags.extend(checks(o))
        s = Seq(3)
        flags += [list(s) == [0, 2, 4], 4 in s, s.index(4) == 2, s.count(2) == 1, list(reversed(s)) == [4, 2, 0]]
        flags += [issubclass(list, Sequence), issubclass(dict, Mapping), issubclass(Seq, Iterable),
                  issubclass(HasLen, cabc.Sized), not issubclass(HasLen, Iterable),
                  isinstance([1], typing.Sequence), isinstance({}, typing.Mapping), isinstance(len, typing.Callable),
                  isinstance((1,), typing.Tuple), isinstance([], typing.List), not isinstance((), typing.List),
                  isinstance(3, int | str), isinstance(None, int | None), not isinstance(2.0, int | str),
                  isinstance([1], (dict, Sequence)), issubclass(bool, int | float)]
        self.vals = [1.0 if f else 0.0 for f in flags]

    def forward(self, x: typing.Optional[torch.Tensor] = None):
        assert x is not None
        return x.sum() + torch.tensor(self.vals)
