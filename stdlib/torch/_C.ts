# torch._C: the few entries of PyTorch's C extension that model code calls
# directly, each with eager PyTorch's effect on the model's computation.
import _native


def _log_api_usage_once(event):
    """Usage logging (torchvision's _log_api_usage_once): no effect on the
    model."""
    return None


def _get_tracing_state():
    """None unless the model runs under a trace (--trace), as in eager
    PyTorch; torchvision's _is_tracing() tests it."""
    if _native.tracing:
        return _TracingState()
    return None


def _is_tracing():
    return _native.tracing


class _TracingState:
    pass
