# types: the types of the interpreter's own objects, and SimpleNamespace.
import math as _math


def _f():
    pass


class _C:
    def _m(self):
        pass


FunctionType = type(_f)
LambdaType = type(_f)
MethodType = type(_C()._m)
ModuleType = type(_math)
BuiltinFunctionType = type(len)
BuiltinMethodType = type(len)


class SimpleNamespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __eq__(self, other):
        return isinstance(other, SimpleNamespace) and vars(self) == vars(other)
