# torch.nn.utils.weight_norm: a parameter W rewritten as g * v / ||v||, as
# PyTorch 1.13 does it: W leaves the module's parameters for NAME_g (the
# norms) and NAME_v (the direction), and a forward pre-hook recomputes W
# from them before every forward, so the graph computes W from the two
# initializers that state_dict names.
import torch
from torch.nn import Parameter

__all__ = ["WeightNorm", "weight_norm", "remove_weight_norm"]


def norm_except_dim(v, pow=2, dim=0):
    return torch.norm_except_dim(v, pow, dim)


def _weight_norm(v, g, dim=0):
    return torch._weight_norm(v, g, dim)


class WeightNorm:
    def __init__(self, name, dim):
        if dim is None:
            dim = -1
        self.name = name
        self.dim = dim

    def compute_weight(self, module):
        g = getattr(module, self.name + "_g")
        v = getattr(module, self.name + "_v")
        return _weight_norm(v, g, self.dim)

    @staticmethod
    def apply(module, name, dim):
        hooks = getattr(module, "_forward_pre_hooks", None)
        if hooks is not None:
            for k, hook in hooks.items():
                if isinstance(hook, WeightNorm) and hook.name == name:
                    raise RuntimeError(f"Cannot register two weight_norm hooks on the same parameter {name}")
        if dim is None:
            dim = -1
        fn = WeightNorm(name, dim)
        weight = getattr(module, name)
        del module._parameters[name]
        module.register_parameter(name + "_g", Parameter(norm_except_dim(weight, 2, dim).detach()))
        module.register_parameter(name + "_v", Parameter(weight.detach()))
        setattr(module, name, fn.compute_weight(module))
        module.register_forward_pre_hook(fn)
        return fn

    def remove(self, module):
        weight = self.compute_weight(module)
        delattr(module, self.name)
        del module._parameters[self.name + "_g"]
        del module._parameters[self.name + "_v"]
        setattr(module, self.name, Parameter(weight.detach()))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name="weight", dim=0):
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name="weight"):
    hooks = getattr(module, "_forward_pre_hooks", None)
    if hooks is not None:
        for k, hook in hooks.items():
            if isinstance(hook, WeightNorm) and hook.name == name:
                hook.remove(module)
                del hooks[k]
                return module
    raise ValueError(f"weight_norm of '{name}' not found in {module.__repr__()}")
