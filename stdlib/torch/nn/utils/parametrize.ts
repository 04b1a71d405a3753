# torch.nn.utils.parametrize: a parameter or buffer computed by modules from
# "original" tensors, as PyTorch 1.13 does it: the module gets a ModuleDict
# `parametrizations` whose entry NAME is a ParametrizationList holding
# `original` (or `original0`, `original1` ... when right_inverse returns a
# sequence) and the parametrizations; reading module.NAME runs them, so the
# graph computes the tensor from the originals that state_dict names.
#
# PyTorch swaps the module's class for a subclass ("ParametrizedLinear")
# with a property per name; here Module.__getattr__ answers the name from
# `parametrizations` (the class, and so type(m).__name__, stays as it was).
# Assigning to a parametrized name is not supported.
import torch
from torch.nn import Module, ModuleList, ModuleDict, Parameter

__all__ = ["ParametrizationList", "register_parametrization", "is_parametrized", "remove_parametrizations",
           "type_before_parametrizations", "cached"]


def _register_parameter_or_buffer(module, name, X):
    if isinstance(X, Parameter):
        module.register_parameter(name, X)
    else:
        module.register_buffer(name, X)


def _shape_text(x):
    return "torch.Size(" + str(list(x.shape)) + ")"


class ParametrizationList(ModuleList):
    def __init__(self, modules, original, unsafe=False):
        if len(modules) == 0:
            raise ValueError("ParametrizationList requires one or more modules.")
        super().__init__(modules)
        self.unsafe = unsafe
        original_shape = list(original.shape)
        original_dtype = original.dtype
        new = original.detach()
        for module in reversed(list(self)):
            if hasattr(module, "right_inverse"):
                try:
                    new = module.right_inverse(new)
                except NotImplementedError:
                    pass
        if not isinstance(new, torch.Tensor) and not isinstance(new, (list, tuple)):
            raise ValueError("'right_inverse' must return a Tensor or a Sequence of tensors (list, tuple...). "
                             f"Got {type(new).__name__}")
        self.is_tensor = isinstance(new, torch.Tensor)
        self.ntensors = 1 if self.is_tensor else len(new)
        if self.is_tensor:
            if original.dtype != new.dtype:
                raise ValueError("When `right_inverse` outputs one tensor, it may not change the dtype.\n"
                                 f"original.dtype: {original.dtype}\n"
                                 f"right_inverse(original).dtype: {new.dtype}")
            kept = Parameter(new.detach()) if isinstance(original, Parameter) else new.detach()
            _register_parameter_or_buffer(self, "original", kept)
        else:
            for i, originali in enumerate(new):
                if not isinstance(originali, torch.Tensor):
                    raise ValueError("'right_inverse' must return a Tensor or a Sequence of tensors "
                                     "(list, tuple...). "
                                     f"Got element {i} of the sequence with type {type(originali).__name__}.")
                if isinstance(original, Parameter):
                    originali = Parameter(originali.detach())
                _register_parameter_or_buffer(self, f"original{i}", originali)
        if not self.unsafe:
            Z = self()
            if not isinstance(Z, torch.Tensor):
                raise ValueError(f"A parametrization must return a tensor. Got {type(Z).__name__}.")
            if Z.dtype != original_dtype:
                raise ValueError("Registering a parametrization may not change the dtype of the tensor, unless "
                                 "`unsafe` flag is enabled.\n"
                                 f"unparametrized dtype: {original_dtype}\n"
                                 f"parametrized dtype: {Z.dtype}")
            if list(Z.shape) != original_shape:
                raise ValueError("Registering a parametrization may not change the shape of the tensor, unless "
                                 "`unsafe` flag is enabled.\n"
                                 f"unparametrized shape: torch.Size({original_shape})\n"
                                 f"parametrized shape: {_shape_text(Z)}")

    def forward(self):
        if self.is_tensor:
            x = self[0](self.original)
        else:
            x = self[0](*[getattr(self, f"original{i}") for i in range(self.ntensors)])
        for i in range(1, len(self)):
            x = self[i](x)
        return x


def register_parametrization(module, tensor_name, parametrization, *, unsafe=False):
    parametrization.train(module.training)
    if is_parametrized(module, tensor_name):
        if not unsafe:
            Y = getattr(module, tensor_name)
            X = parametrization(Y)
            if not isinstance(X, torch.Tensor):
                raise ValueError(f"A parametrization must return a tensor. Got {type(X).__name__}.")
            if X.dtype != Y.dtype:
                raise ValueError("Registering a parametrization may not change the dtype of the tensor, unless "
                                 "the `unsafe` flag is enabled.\n"
                                 f"module.{tensor_name}.dtype: {Y.dtype}\n"
                                 f"parametrization(module.{tensor_name}).dtype: {X.dtype}")
            if list(X.shape) != list(Y.shape):
                raise ValueError("Registering a parametrization may not change the shape of the tensor, unless "
                                 "the `unsafe` flag is enabled.\n"
                                 f"module.{tensor_name}.shape: {_shape_text(Y)}\n"
                                 f"parametrization(module.{tensor_name}).shape: {_shape_text(X)}")
        entry = module.parametrizations[tensor_name]
        entry.append(parametrization)
        entry.unsafe = entry.unsafe or unsafe
    elif tensor_name in module._buffers or tensor_name in module._parameters:
        original = getattr(module, tensor_name)
        parametrizations = ParametrizationList([parametrization], original, unsafe=unsafe)
        delattr(module, tensor_name)
        if not is_parametrized(module):
            module.parametrizations = ModuleDict()
        module.parametrizations[tensor_name] = parametrizations
    else:
        raise ValueError(f"Module '{module.__repr__()}' does not have a parameter, a buffer, or a parametrized "
                         f"element with name '{tensor_name}'")
    return module


def is_parametrized(module, tensor_name=None):
    parametrizations = getattr(module, "parametrizations", None)
    if parametrizations is None or not isinstance(parametrizations, ModuleDict):
        return False
    if tensor_name is None:
        return len(parametrizations) > 0
    return tensor_name in parametrizations


def remove_parametrizations(module, tensor_name, leave_parametrized=True):
    if not is_parametrized(module, tensor_name):
        raise ValueError(f"Module {module.__repr__()} does not have a parametrization on {tensor_name}")
    parametrizations = module.parametrizations[tensor_name]
    if parametrizations.is_tensor:
        original = parametrizations.original
        if leave_parametrized:
            t = getattr(module, tensor_name).detach()
            original = Parameter(t) if isinstance(original, Parameter) else t
    else:
        if leave_parametrized:
            t = getattr(module, tensor_name)
            original = Parameter(t.detach()) if t.requires_grad else t.detach()
        else:
            raise ValueError("Cannot leave unparametrized (`leave_parametrized=False`) a tensor that is "
                             "parametrized in terms of a sequence of tensors.")
    del module.parametrizations[tensor_name]
    _register_parameter_or_buffer(module, tensor_name, original)
    if not is_parametrized(module):
        delattr(module, "parametrizations")
    return module


def type_before_parametrizations(module):
    return type(module)


class cached:
    """A context in which each parametrized tensor is computed once: the
    graph computes each read anyway, and the optimizer merges repeats."""

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        return False
