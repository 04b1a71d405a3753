# torch.nn.functional: sampling grids.
#
#   grid_sample   onnx.GridSample (opset 16, 4-D input; 5-D needs opset 20):
#                 PyTorch's modes bilinear / nearest / bicubic and padding
#                 modes map one to one, align_corners likewise
#   affine_grid   the base grid, a constant [H*W, 3] (or [D*H*W, 4]) of
#                 homogeneous coordinates over [-1, 1] (cell centres without
#                 align_corners, 0 for an axis of size 1), times theta^T
#                 (a Mul and a ReduceSum), at every opset (ONNX's AffineGrid
#                 is opset 20)
import onnx
import _native
import torch
import torch.nn._ops as O

_OPSET = _native.opset

_GRID_MODES = {"bilinear": "bilinear", "nearest": "nearest", "bicubic": "bicubic"}


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    if mode not in _GRID_MODES:
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or "
                         f"'bicubic', but got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', "
                         f"or 'reflection', but got: '{padding_mode}'")
    if input.dim() != 4 and input.dim() != 5:
        raise RuntimeError(f"grid_sampler(): expected 4D or 5D input and grid with same number of "
                           f"dimensions, but got input with sizes {_native.shape_text(input)} and grid with "
                           f"sizes {_native.shape_text(grid)}")
    if grid.dim() != input.dim():
        raise RuntimeError(f"grid_sampler(): expected grid to have same number of dimensions as input, "
                           f"but got input with sizes {_native.shape_text(input)} and grid with sizes "
                           f"{_native.shape_text(grid)}")
    if mode == "bicubic" and input.dim() != 4:
        raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    if _native.dtype_of(input) != _native.dtype_of(grid):
        raise RuntimeError(f"grid_sampler(): expected input and grid to have the same dtype, but input has "
                           f"{_native.dtype_of(input)} and grid has {_native.dtype_of(grid)}")
    if not _native.is_floating(_native.dtype_of(input)):
        raise RuntimeError(f"grid_sampler_2d_cpu not implemented for '{_native.dtype_of(input)}'")
    O.need_opset(16, "grid_sample")
    if input.dim() == 5:
        return _native.error("grid_sample on a 5-D input needs opset 20 in ONNX (GridSample of "
                             "any rank); not supported yet")
    return onnx.GridSample(input, grid, mode=_GRID_MODES[mode], padding_mode=padding_mode,
                           align_corners=1 if align_corners else 0)


def _linspace_from_neg_one(steps, align_corners):
    if steps <= 1:
        return [0.0]
    out = []
    for i in range(steps):
        v = -1.0 + 2.0 * i / (steps - 1)
        out.append(v if align_corners else v * (steps - 1) / steps)
    return out


def _base_grid(dims, align_corners):
    """The homogeneous coordinates (x, y[, z], 1) of every point of a grid
    of DIMS ([H, W] or [D, H, W]), x along the last axis, row-major."""
    axes = [_linspace_from_neg_one(d, align_corners) for d in dims]
    rows = [[]]
    for a in axes:
        rows = [r + [v] for r in rows for v in a]
    return [list(reversed(r)) + [1.0] for r in rows]


def affine_grid(theta, size, align_corners=None):
    if not _native.is_floating(_native.dtype_of(theta)):
        raise ValueError(f"Expected theta to have floating point type, but got {_native.dtype_of(theta)}")
    size = list(size)
    if len(size) == 4:
        spatial, rows = 2, "2x3"
    elif len(size) == 5:
        spatial, rows = 3, "3x4"
    else:
        raise NotImplementedError(f"affine_grid only supports 4D and 5D sizes, for 2D and 3D affine "
                                  f"transforms, respectively. Got size {torch.Size(size)}.")
    if theta.dim() != 3 or theta.size(1) != spatial or theta.size(2) != spatial + 1:
        raise ValueError(f"Expected a batch of {spatial}D affine matrices of shape Nx{rows} for size "
                         f"{torch.Size(size)}. Got {_native.shape_text(theta)}.")
    if min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    dims = size[2:]
    base = torch.tensor(_base_grid(dims, bool(align_corners)), dtype=_native.dtype_of(theta))
    # sum_j base[p, j] theta[n, k, j] as a product and a sum, not a MatMul
    # with theta transposed: ONNX Runtime fuses that pair into a kernel
    # that has no float64 version
    grid = (base.unsqueeze(1) * theta.unsqueeze(1)).sum(-1)
    return O.reshape_keeping(grid, 1, dims + [spatial])
