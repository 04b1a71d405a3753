# torch.fx: what model code calls while it is built.  Symbolic tracing is
# not run: eager PyTorch's wrap() only registers a name for later traces
# and returns its argument, and no value is ever a Proxy.
import _native


def wrap(fn_or_name):
    if not callable(fn_or_name) and not isinstance(fn_or_name, str):
        raise RuntimeError("Unsupported type for global function! Must be either a callable or "
                           "string name")
    if callable(fn_or_name):
        fn_name = fn_or_name.__name__
    if not _native.at_module_level():
        raise NotImplementedError("wrap must be called at the top level of a module")
    return fn_or_name


class Proxy:
    """torch.fx.Proxy: the values of a symbolic trace, so never a value
    here (isinstance(x, torch.fx.Proxy) is False)."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError("torch.fx.Proxy: symbolic tracing is not supported")
