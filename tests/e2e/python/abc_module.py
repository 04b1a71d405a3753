# abc: ABC, ABCMeta and abstractmethod.  A class with abstract methods left
# cannot be instantiated (TypeError, caught here); a subclass that
# implements them can; abstract properties, classmethods and register().
# example: x=randn(2)
# opsets: 17
from abc import ABC, ABCMeta, abstractmethod

import torch
from torch import nn


class Base(ABC):
    @abstractmethod
    def scale(self):
        ...

    @property
    @abstractmethod
    def shift(self):
        ...

    def apply(self, v):
        return v * self.scale() + self.shift


class Half(Base):
    def scale(self):
        return 0.5


class Full(Half):
    @property
    def shift(self):
        return 3.0


class Meta(metaclass=ABCMeta):
    @abstractmethod
    def f(self):
        ...

    @classmethod
    def make(cls):
        return cls()


class Impl(Meta):
    def f(self):
        return 7


class Virtual:
    pass


Meta.register(Virtual)


class AbcModule(nn.Module):
    def __init__(self):
        super().__init__()
        errors = []
        for cls in (Base, Half, Meta):
            try:
                cls()
                errors.append(0.0)
            except TypeError as e:
                errors.append(float(len(str(e))))
        self.vals = errors + [Full().apply(2.0), Impl.make().f(), float(isinstance(Virtual(), Meta)),
                              float(issubclass(Full, Base)), float(isinstance(Full(), ABC)),
                              float(len(Half.__abstractmethods__)), float(len(Full.__abstractmethods__))]

    def forward(self, x):
        return x.sum() + torch.tensor(self.vals)
