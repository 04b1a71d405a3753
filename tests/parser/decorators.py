# Decorators: names, attributes, calls, and any expression (Python 3.9).
@staticmethod
def f():
    pass


@torch.jit.script
@functools.lru_cache(maxsize=None)
def g(x):
    return x


@buttons[0].clicked.connect
def h():
    pass


@(lambda fn: fn)
class A:
    @property
    def value(self):
        return 1

    @value.setter
    def value(self, v):
        pass
