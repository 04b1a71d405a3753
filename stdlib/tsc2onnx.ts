# tsc2onnx: what a model or a --library file imports to extend the
# compiler (docs/exporting.md, "Custom operators").
#
#   @symbolic("custom_ops::foo_forward")   maps torch.ops.custom_ops.foo_forward
#   @symbolic("aten::elu")                 replaces the stdlib's mapping of elu
#
# The decorated function receives the call's own arguments and returns what
# the call returns, usually built with onnx.op("domain::Op", inputs...,
# attr=...) or with ordinary torch functions.  _register_symbolic and
# _call_op are natives (sema/bridge/symbolic.c).


def symbolic(name):
    """Registers the decorated function as the ONNX mapping of NAME."""
    def register(fn):
        return _register_symbolic(name, fn)
    return register
