# torch.linalg: the norms (stdlib/torch/_linalg.ts).  The decompositions,
# solvers and inverses are not here yet: a model that calls one is told so.
from torch._linalg import vector_norm, matrix_norm, norm, det
import torch._impl as _T


def cross(input, other, *, dim=-1, out=None):
    return _T._linalg_cross(input, other, dim)
