# torch.jit: the compiler already is a script compiler, so these markers
# only pass their argument through (overload declarations are recorded for
# the type check; a scripted function is marked so that trace mode keeps
# its control flow, as torch.jit.trace does).
import _native

def script(obj, *args, **kwargs):
    return _native.script(obj)


def trace(obj, *args, **kwargs):
    return obj


def ignore(fn=None, **kwargs):
    if fn is None:
        return lambda f: f
    return fn


def unused(fn):
    return fn


def export(fn):
    return fn


def annotate(the_type, value):
    return value


def is_scripting():
    return True


def is_tracing():
    return False


class Final:
    pass


def _overload_method(fn):
    """@torch.jit._overload_method: declares one signature of a method;
    the last plain definition is the one that runs, and calls of it are
    type-checked against the declared signatures."""
    return _native.declare_overload(fn)


def _overload(fn):
    return _native.declare_overload(fn)
