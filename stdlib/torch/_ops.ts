# torch.ops: operators registered outside PyTorch's core (C++ extensions,
# torch.library).  The compiler cannot know what they compute, so
# torch.ops.NS.OP(...) runs the function registered with
# @symbolic("NS::OP") (module tsc2onnx), and is an error without one.
from tsc2onnx import _call_op


class _OpPacket:
    def __init__(self, qualname):
        object.__setattr__(self, "_qualname", qualname)

    def __call__(self, *args, **kwargs):
        return _call_op(self._qualname, args, kwargs)

    def __getattr__(self, name):
        # torch.ops.ns.op.default and the other overloads: the same mapping
        return self


class _Namespace:
    def __init__(self, name):
        object.__setattr__(self, "_name", name)

    def __getattr__(self, op):
        return _OpPacket(self._name + "::" + op)


class _Ops:
    def __getattr__(self, namespace):
        return _Namespace(namespace)

    def load_library(self, path):
        # the operators' C++ code is not needed to compile: their mappings are
        return None


ops = _Ops()
