# torch.nn.utils.spectral_norm: a parameter W divided by its largest
# singular value sigma, estimated by power iteration, as PyTorch 1.13 does
# it: W becomes NAME_orig, the vectors NAME_u and NAME_v are buffers (all
# three in state_dict), and a forward pre-hook recomputes W before every
# forward.  In eval mode sigma = u . (W v) from the stored vectors; in
# training mode the power iteration runs in the graph first, and (as for
# batch_norm's running statistics) the updated u and v are not kept: an
# exported graph has no state.
import torch
import torch.nn.functional as F
from torch.nn import Parameter, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d

__all__ = ["SpectralNorm", "spectral_norm", "remove_spectral_norm"]


class SpectralNorm:
    _version = 1

    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        self.name = name
        self.dim = dim
        if n_power_iterations <= 0:
            raise ValueError("Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")
        self.n_power_iterations = n_power_iterations
        self.eps = eps

    def reshape_weight_to_matrix(self, weight):
        weight_mat = weight
        if self.dim != 0:
            weight_mat = weight_mat.permute(self.dim, *[d for d in range(weight_mat.dim()) if d != self.dim])
        return weight_mat.reshape(weight_mat.size(0), -1)

    def compute_weight(self, module, do_power_iteration):
        weight = getattr(module, self.name + "_orig")
        u = getattr(module, self.name + "_u")
        v = getattr(module, self.name + "_v")
        weight_mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            for _ in range(self.n_power_iterations):
                v = F.normalize(torch.mv(weight_mat.t(), u), dim=0, eps=self.eps).detach()
                u = F.normalize(torch.mv(weight_mat, v), dim=0, eps=self.eps).detach()
        sigma = torch.dot(u, torch.mv(weight_mat, v))
        return weight / sigma

    def remove(self, module):
        weight = self.compute_weight(module, do_power_iteration=False)
        delattr(module, self.name)
        delattr(module, self.name + "_u")
        delattr(module, self.name + "_v")
        delattr(module, self.name + "_orig")
        module.register_parameter(self.name, Parameter(weight.detach()))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module, do_power_iteration=module.training))

    @staticmethod
    def apply(module, name, n_power_iterations, dim, eps):
        hooks = getattr(module, "_forward_pre_hooks", None)
        if hooks is not None:
            for k, hook in hooks.items():
                if isinstance(hook, SpectralNorm) and hook.name == name:
                    raise RuntimeError(f"Cannot register two spectral_norm hooks on the same parameter {name}")
        fn = SpectralNorm(name, n_power_iterations, dim, eps)
        weight = module._parameters[name]
        if weight is None:
            raise ValueError(f"`SpectralNorm` cannot be applied as parameter `{name}` is None")
        weight_mat = fn.reshape_weight_to_matrix(weight)
        h = weight_mat.size(0)
        w = weight_mat.size(1)
        u = F.normalize(torch.empty(h, dtype=weight.dtype).normal_(0, 1), dim=0, eps=fn.eps)
        v = F.normalize(torch.empty(w, dtype=weight.dtype).normal_(0, 1), dim=0, eps=fn.eps)
        delattr(module, fn.name)
        module.register_parameter(fn.name + "_orig", weight)
        setattr(module, fn.name, weight.detach())
        module.register_buffer(fn.name + "_u", u)
        module.register_buffer(fn.name + "_v", v)
        module.register_forward_pre_hook(fn)
        return fn


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    if dim is None:
        if isinstance(module, (ConvTranspose1d, ConvTranspose2d, ConvTranspose3d)):
            dim = 1
        else:
            dim = 0
    SpectralNorm.apply(module, name, n_power_iterations, dim, eps)
    return module


def remove_spectral_norm(module, name="weight"):
    hooks = getattr(module, "_forward_pre_hooks", None)
    if hooks is not None:
        for k, hook in hooks.items():
            if isinstance(hook, SpectralNorm) and hook.name == name:
                hook.remove(module)
                del hooks[k]
                return module
    raise ValueError(f"spectral_norm of '{name}' not found in {module.__repr__()}")
