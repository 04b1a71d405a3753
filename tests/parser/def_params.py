# Parameters: annotations, defaults, *args, **kwargs, keyword-only and
# positional-only parameters, return annotations.
def a(): pass
def b(x, y=1, *args, z, w=2, **kwargs) -> int: pass
def c(x: int, y: "str" = "s", /, z: float = 1.0, *, k: bool, **kw: dict): pass
def d(x, /): pass
def e(x, /, y): pass
def f(*, k): pass
def g(*args: int): pass
def h(**kwargs,): pass
def i(a, b=2, /, c=3, *d, e, f=4, g, **h) -> list[int]: pass
def j(self, x: torch.Tensor, dims: tuple[int, ...] = (1, 2)) -> "Tensor": pass
def k(*args: *Ts): pass
