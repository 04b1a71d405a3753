# torch.linalg: the norms (stdlib/torch/_linalg.ts).  The decompositions,
# solvers and inverses are not here yet: a model that calls one is told so.
from torch._linalg import vector_norm, matrix_norm, norm
