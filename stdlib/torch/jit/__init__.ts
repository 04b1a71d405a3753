# torch.jit, with eager PyTorch's meaning: the model runs as plain Python
# would, so is_scripting() is False and the decorators hand back what they
# decorate.  What they record matters to the compiler only in three ways:
# a @script function keeps its control flow in a trace (as torch.jit.trace
# keeps a scripted function's graph); an @ignore or @unused function is
# left to Python by TorchScript, so its types are not checked; overload
# declarations are checked against calls.  is_tracing() is True only when
# compiling with --trace, as under torch.jit.trace.
import _native
from typing import Final


def script(obj, optimize=None, _frames_up=0, _rcb=None, example_inputs=None):
    return _native.script(obj)


def trace(func, *args, **kwargs):
    return func


def ignore(drop=False, **kwargs):
    if callable(drop):
        return _native.python_function(drop)
    if not isinstance(drop, bool):
        raise RuntimeError("Argument to @torch.jit.ignore must be a bool or "
                           f"a function but got {drop}")

    def decorator(fn):
        return _native.python_function(fn)
    return decorator


def unused(fn):
    return _native.python_function(fn)


def export(fn):
    return fn


def _copy_to_script_wrapper(fn):
    return fn


def interface(obj):
    if not isinstance(obj, type):
        raise RuntimeError("interface must be applied to a class")
    return obj


def annotate(the_type, the_value):
    return the_value


class Attribute:
    """torch.jit.Attribute(value, type): in eager PyTorch, the pair itself
    (a namedtuple with the fields value and type)."""
    _fields = ("value", "type")

    def __init__(self, value, type):
        self.value = value
        self.type = type

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return (self.value, self.type)[i]

    def __iter__(self):
        return [self.value, self.type]


def is_scripting():
    return False


def is_tracing():
    return _native.tracing


def _script_if_tracing(fn):
    # eager PyTorch runs FN as it is, and scripts it under torch.jit.trace
    if _native.tracing:
        return _native.script(fn)
    return fn


def script_if_tracing(fn):
    return _script_if_tracing(fn)


def _overload_method(fn):
    """@torch.jit._overload_method: declares one signature of a method;
    the last plain definition is the one that runs, and calls of it are
    type-checked against the declared signatures."""
    return _native.declare_overload(fn)


def _overload(fn):
    return _native.declare_overload(fn)
