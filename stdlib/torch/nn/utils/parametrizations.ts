# torch.nn.utils.parametrizations: weight_norm as PyTorch 2 writes it, a
# parametrization whose originals are g (original0) and v (original1).
# orthogonal and spectral_norm are not supported.
import _native
from torch.nn import Module
from torch.nn.utils import parametrize
from torch.nn.utils.weight_norm import norm_except_dim, _weight_norm

__all__ = ["weight_norm", "orthogonal", "spectral_norm"]


class _WeightNorm(Module):
    def __init__(self, dim=0):
        super().__init__()
        if dim is None:
            dim = -1
        self.dim = dim

    def forward(self, weight_g, weight_v):
        return _weight_norm(weight_v, weight_g, self.dim)

    def right_inverse(self, weight):
        return norm_except_dim(weight, 2, self.dim), weight


def weight_norm(module, name="weight", dim=0):
    parametrize.register_parametrization(module, name, _WeightNorm(dim), unsafe=True)
    return module


def orthogonal(module, name="weight", orthogonal_map=None, *, use_trivialization=True):
    _native.error("torch.nn.utils.parametrizations.orthogonal is not supported yet")


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    _native.error("torch.nn.utils.parametrizations.spectral_norm is not supported yet")
