# The object model that model code leans on while it is built: a
# metaclass (a registry of subclasses), __init_subclass__ with class
# keywords, descriptors (__get__/__set__, __set_name__), Generic[T] and
# typing.Protocol bases, type(name, bases, dict), subclasses of dict and
# list, obj.__dict__ and vars(), function attributes, iter()/next() and
# generator expressions, int | None.
# example: x=randn(2)
# opsets: 17
from typing import Generic, Protocol, TypeVar

import torch
from torch import nn

T = TypeVar("T")
REGISTRY = {}


class Registered(type):
    def __new__(mcls, name, bases, ns, **kwargs):
        cls = super().__new__(mcls, name, bases, ns)
        if bases:
            REGISTRY[name.lower()] = cls
        return cls

    def __len__(cls):
        return len(REGISTRY)


class Block(metaclass=Registered):
    width = 1


class Wide(Block):
    width = 4


class Plugin:
    kinds = []

    def __init_subclass__(cls, kind="plain", **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kind = kind
        Plugin.kinds.append(kind)


class Fast(Plugin, kind="fast"):
    pass


class Slow(Plugin):
    pass


class Positive:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.name, 0)

    def __set__(self, obj, value):
        if value < 0:
            raise ValueError(f"{self.name[1:]} must be positive")
        setattr(obj, self.name, value)


class Layer:
    size = Positive()

    def __init__(self, size):
        self.size = size


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item


class Sized(Protocol):
    def __len__(self) -> int:
        ...


class AttrDict(dict):
    def __getattr__(self, name):
        return self[name]


class Stack(list):
    def push(self, v):
        self.append(v)
        return self


class ObjectModel(nn.Module):
    def __init__(self):
        super().__init__()
        layer = Layer(3)
        try:
            layer.size = -1
            bad = 0
        except ValueError as e:
            bad = len(str(e))
        Dyn = type("Dyn", (Block,), {"width": 7, "double": lambda self: self.width * 2})
        cfg = AttrDict(depth=3, width=5)
        st = Stack([1]).push(2).push(3)
        ns = vars(layer)
        layer.__dict__["extra"] = 9

        def scaled(v):
            return v * scaled.factor
        scaled.factor = 3
        it = iter([10, 20, 30])
        first = next(it)
        big = next(v for v in [1, 5, 8] if v > 4)
        missing = next((v for v in [] if v), -1)
        vals = [len(REGISTRY), REGISTRY["wide"].width, len(Block), float(isinstance(Wide, Registered)),
                float(type(Wide) is Registered), Fast.kind == "fast", Slow.kind == "plain", len(Plugin.kinds),
                layer.size, bad, float(Layer.size.name == "_size"), Box(4).item, float(isinstance(Box(1), Generic)),
                Dyn().double(), float(issubclass(Dyn, Block)), Dyn.__name__ == "Dyn", cfg.depth * cfg.width,
                float(isinstance(cfg, dict)), len(st), sum(st), float(isinstance(st, list)), len(ns),
                layer.extra, scaled(2), scaled.__name__ == "scaled", first, next(it), list(it) == [30], big, missing,
                float(isinstance(3, int | None)), float(isinstance("s", int | None)), layer.__class__ is Layer,
                float("size" in Layer.__dict__), len(Wide.__mro__), float(Wide.__bases__ == (Block,))]
        self.vals = [float(v) for v in vals]

    def forward(self, x):
        return x.sum() + torch.tensor(self.vals)
