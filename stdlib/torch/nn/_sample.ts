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


# ---- unfold (im2col) and fold (col2im) --------------------------------------
#
#   unfold   per kernel offset (i, j), the strided slice of the zero-padded
#            input at (i * dilation, j * dilation) with the output's
#            extent: [N, C, oh, ow]; the K slices are stacked on a new axis
#            2 and reshaped to [N, C * K, oh * ow] (channel-major, as
#            im2col).  Spatial sizes must be known; strides need opset 10.
#   fold     onnx.Col2Im (opset 18).

def _fold_args(name, kernel_size, dilation, padding, stride):
    k = O.ntuple(kernel_size, 2, "kernel_size")
    d = O.ntuple(dilation, 2, "dilation")
    p = O.ntuple(padding, 2, "padding")
    s = O.ntuple(stride, 2, "stride")
    for v, what, low in ((k, "kernel", 1), (d, "dilation", 1), (p, "padding", 0), (s, "stride", 1)):
        if v[0] < low or v[1] < low:
            raise RuntimeError(f"{name}: {what} should be {'greater than zero' if low else 'non-negative'}, "
                               f"but got {what}_height: {v[0]} {what}_width: {v[1]}")
    return k, d, p, s


def _blocks(size, k, d, p, s):
    return (size + 2 * p - (d * (k - 1) + 1)) // s + 1


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    k, d, p, s = _fold_args("im2col", kernel_size, dilation, padding, stride)
    rank = input.dim()
    if rank != 3 and rank != 4:
        raise RuntimeError(f"Expected 3D or 4D (batch mode) tensor for input with possibly 0 batch size "
                           f"and non-zero dimensions for input, but got: {_native.shape_text(input)}")
    x = input if rank == 4 else O.unsqueeze(input, [0])
    h, w = O.static_dims(x, [2, 3], "unfold")
    oh, ow = _blocks(h, k[0], d[0], p[0], s[0]), _blocks(w, k[1], d[1], p[1], s[1])
    if oh < 1 or ow < 1:
        raise RuntimeError(f"Given input with spatial size ({h}, {w}), kernel_size=({k[0]}, {k[1]}), "
                           f"dilation=({d[0]}, {d[1]}), padding=({p[0]}, {p[1]}), calculated shape of the "
                           f"array of sliding blocks as ({oh}, {ow}), but its components must be at least one.")
    if p[0] or p[1]:
        x = O.pad_onnx(x, [0, 0, p[0], p[1]], [0, 0, p[0], p[1]], "constant", 0)
    blocks = []
    for i in range(k[0]):
        rows = O.slice_axis(x, 2, i * d[0], i * d[0] + s[0] * (oh - 1) + 1, s[0])
        for j in range(k[1]):
            b = O.slice_axis(rows, 3, j * d[1], j * d[1] + s[1] * (ow - 1) + 1, s[1])
            blocks.append(O.unsqueeze(b, [2]))
    y = onnx.Reshape(O.concat(blocks, 2), _native.tensor([0, -1, oh * ow], _native.int64))
    return y if rank == 4 else O.squeeze(y, [0])


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    k, d, p, s = _fold_args("col2im", kernel_size, dilation, padding, stride)
    size = O.ntuple(output_size, 2, "output_size")
    rank = input.dim()
    if rank != 2 and rank != 3:
        raise RuntimeError(f"Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size "
                           f"and non-zero dimensions for input, but got: {_native.shape_text(input)}")
    kk = k[0] * k[1]
    c = input.size(rank - 2)
    if _native.is_static(c) and c % kk != 0:
        raise RuntimeError(f"Expected size of input's dimension 1 to be divisible by the product of "
                           f"kernel_size, but got input.size(1)={c} and kernel_size=({k[0]}, {k[1]})")
    blocks = _blocks(size[0], k[0], d[0], p[0], s[0]) * _blocks(size[1], k[1], d[1], p[1], s[1])
    length = input.size(rank - 1)
    if _native.is_static(length) and length != blocks:
        raise RuntimeError(f"Given output_size=({size[0]}, {size[1]}), kernel_size=({k[0]}, {k[1]}), "
                           f"dilation=({d[0]}, {d[1]}), padding=({p[0]}, {p[1]}), stride=({s[0]}, {s[1]}), "
                           f"expected size of input's dimension 2 to match the calculated number of "
                           f"sliding blocks {_blocks(size[0], k[0], d[0], p[0], s[0])} * "
                           f"{_blocks(size[1], k[1], d[1], p[1], s[1])} = {blocks}, but got input.size(2)={length}.")
    O.need_opset(18, "fold (ONNX Col2Im)")
    x = input if rank == 3 else O.unsqueeze(input, [0])
    y = onnx.Col2Im(x, _native.tensor(size, _native.int64), _native.tensor(k, _native.int64),
                    dilations=d, pads=[p[0], p[1], p[0], p[1]], strides=s)
    return y if rank == 3 else O.squeeze(y, [0])
