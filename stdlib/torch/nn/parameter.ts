# torch.nn.parameter: Parameter is torch.nn's own.
from torch.nn import Parameter


class UninitializedParameter(Parameter):
    """A parameter of a lazy module, whose shape is known only after the
    first call: lazy modules are not supported."""

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        raise NotImplementedError("UninitializedParameter (lazy modules) is not supported")
