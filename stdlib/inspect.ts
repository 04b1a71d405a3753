# inspect: signature() of Python functions, and the is* predicates.
import _native
import types as _types


class _Empty:
    """inspect.Parameter.empty / inspect.Signature.empty"""

    def __repr__(self):
        return "<class 'inspect._empty'>"


_empty = _Empty()


class Parameter:
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self.name = name
        self.kind = kind
        self.default = default
        self.annotation = annotation

    def replace(self, name=None, kind=None, default=None, annotation=None):
        return Parameter(self.name if name is None else name, self.kind if kind is None else kind,
                         default=self.default if default is None else default,
                         annotation=self.annotation if annotation is None else annotation)


class Signature:
    empty = _empty

    def __init__(self, parameters=None, return_annotation=_empty):
        self.parameters = {}
        for p in parameters or []:
            self.parameters[p.name] = p
        self.return_annotation = return_annotation

    def replace(self, parameters=None, return_annotation=None):
        return Signature(list(self.parameters.values()) if parameters is None else parameters,
                         self.return_annotation if return_annotation is None else return_annotation)


def signature(obj, follow_wrapped=True):
    target = obj
    if follow_wrapped:
        while hasattr(target, "__wrapped__"):
            target = target.__wrapped__
    if isinstance(target, type):
        init = getattr(target, "__init__", None)
        entries = _native.signature_of(init, _empty) if init is not None else None
        if entries is not None:
            entries = entries[1:]
    else:
        entries = _native.signature_of(target, _empty)
    if entries is None:
        raise ValueError(f"no signature found for {obj!r}")
    params = [Parameter(name, kind, default=default, annotation=annotation)
              for name, kind, default, annotation in entries]
    return Signature(params)


def isclass(obj):
    return isinstance(obj, type)


def isfunction(obj):
    return isinstance(obj, _types.FunctionType)


def ismethod(obj):
    return isinstance(obj, _types.MethodType)


def ismodule(obj):
    return isinstance(obj, _types.ModuleType)


def isbuiltin(obj):
    return isinstance(obj, _types.BuiltinFunctionType)


def isroutine(obj):
    return isfunction(obj) or ismethod(obj) or isbuiltin(obj)
