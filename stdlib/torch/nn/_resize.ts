# torch.nn.functional: resizing (interpolate, upsample*) over onnx.Resize,
# and pixel_shuffle / pixel_unshuffle.
#
# PyTorch's modes in ONNX Resize terms:
#   nearest          nearest, asymmetric coordinates, floor
#   nearest-exact    nearest, half_pixel coordinates, round_prefer_ceil
#   (bi|tri)linear   linear, half_pixel (align_corners: align_corners)
#   bicubic          cubic with a = -0.75, same coordinates
#   area             adaptive average pooling
# A scale_factor is passed as Resize's scales, so that coordinates are
# mapped with 1/scale_factor as PyTorch does; a size as Resize's sizes.
import math
import onnx
import _native
import torch.nn._ops as O
import torch.nn._pool as _pool

_OPSET = _native.opset
_f32 = _native.float32

_MODE_RANKS = {"linear": 3, "bilinear": 4, "bicubic": 4, "trilinear": 5}


def _check_mode(input, mode, align_corners):
    rank = input.dim()
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
        return
    if mode not in _MODE_RANKS:
        raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {rank}D) "
                                  f"for the modes: nearest | linear | bilinear | bicubic | trilinear | "
                                  f"area | nearest-exact (got {mode})")
    if rank != _MODE_RANKS[mode]:
        raise NotImplementedError(f"Got {rank}D input, but {mode} mode needs {_MODE_RANKS[mode]}D input")


def _output_plan(input, size, scale_factor, recompute_scale_factor):
    """(sizes, scales): the output spatial sizes, and the scales to hand to
    Resize (None when the sizes are given)."""
    n = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        out = O.ntuple(size, n, "size")
        if isinstance(size, list) or isinstance(size, tuple):
            if len(size) != n:
                raise ValueError(f"Input and output must have the same number of spatial dimensions, but got "
                                 f"input with spatial dimensions of {_native.shape_text(input)} and output size of "
                                 f"{list(size)}. Please provide input tensor in (N, C, d1, d2, ...,dK) format "
                                 "and output size in (o1, o2, ...,oK) format.")
        return out, None
    if scale_factor is None:
        raise ValueError("either size or scale_factor should be defined")
    scales = [float(s) for s in O.ntuple(scale_factor, n, "scale_factor")]
    if recompute_scale_factor:
        dims = O.static_dims(input, list(range(2, n + 2)), "interpolate with recompute_scale_factor=True")
        return [math.floor(float(dims[i]) * scales[i]) for i in range(n)], None
    # the output sizes, where the input's are known (Resize computes them
    # from the scales at run time)
    out = []
    for i in range(n):
        d = input.size(2 + i)
        out.append(math.floor(float(d) * scales[i]) if _native.is_static(d) else None)
    return out, scales


def _resize(x, sizes, scales, attrs):
    rank = x.dim()
    if scales is not None:
        full_scales = _native.tensor([1.0, 1.0] + scales, _f32)
        if _OPSET >= 13:
            return onnx.Resize(x, None, full_scales, **attrs)
        return onnx.Resize(x, _native.tensor([], _f32), full_scales, **attrs)
    full_sizes = O.dims_tensor(list(x.shape[:2]) + list(sizes))
    if _OPSET >= 13:
        return onnx.Resize(x, None, None, full_sizes, **attrs)
    return onnx.Resize(x, _native.tensor([], _f32), _native.tensor([], _f32), full_sizes, **attrs)


def _resize_attrs(mode, align_corners):
    if mode == "nearest":
        return {"mode": "nearest", "coordinate_transformation_mode": "asymmetric", "nearest_mode": "floor"}
    if mode == "nearest-exact":
        return {"mode": "nearest", "coordinate_transformation_mode": "half_pixel",
                "nearest_mode": "round_prefer_ceil"}
    # half_pixel, not pytorch_half_pixel: PyTorch maps an output of length 1
    # to the centre of the input, as half_pixel does
    ctm = "align_corners" if align_corners else "half_pixel"
    if mode == "bicubic":
        return {"mode": "cubic", "coordinate_transformation_mode": ctm, "cubic_coeff_a": -0.75}
    return {"mode": "linear", "coordinate_transformation_mode": ctm}


def _resize_before_11(x, sizes, scales, mode):
    # Resize-10 and Upsample-9 map coordinates asymmetrically: PyTorch's
    # 'nearest' with a scale factor is the one mode they express exactly
    if mode != "nearest" or scales is None:
        O.need_opset(11, f"interpolate(mode='{mode}'" + (")" if scales is not None else ", size=...)"))
    full_scales = _native.tensor([1.0, 1.0] + scales, _f32)
    if _OPSET >= 10:
        return onnx.Resize(x, full_scales, mode="nearest")
    return onnx.Upsample(x, full_scales, mode="nearest")


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    rank = input.dim()
    if rank < 3 or rank > 5:
        raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {rank}D) "
                                  "for the modes: nearest | linear | bilinear | bicubic | trilinear | area | "
                                  f"nearest-exact (got {mode})")
    _check_mode(input, mode, align_corners)
    if antialias:
        return _native.error("interpolate with antialias=True is not supported yet")
    if not _native.is_floating(_native.dtype_of(input)):
        return _native.error(f"interpolate on a {_native.dtype_of(input)} input is not supported yet")
    sizes, scales = _output_plan(input, size, scale_factor, recompute_scale_factor)
    for s in sizes:
        if s is not None and _native.is_static(s) and s <= 0:
            raise RuntimeError(f"Input and output sizes should be greater than 0, but got output "
                               f"size {list(sizes)}")
    if mode == "area":
        if any(s is None for s in sizes):
            O.static_dims(input, list(range(2, rank)), "interpolate(mode='area') with scale_factor")
        return _pool._adaptive(rank - 2, "interpolate(mode='area')", input, sizes, "avg", False)
    if _OPSET < 11:
        return _resize_before_11(input, sizes, scales, mode)
    return _resize(input, sizes, scales, _resize_attrs(mode, align_corners))


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


# ---- pixel shuffles ----------------------------------------------------------------------

def _shuffle_dims(input, name):
    rank = input.dim()
    if rank < 3:
        raise RuntimeError(f"{name} expects input to have at least 3 dimensions, but got input with "
                           f"{rank} dimension(s)")
    return list(input.shape[:rank - 3]), input.size(rank - 3), input.size(rank - 2), input.size(rank - 1)


def pixel_shuffle(input, upscale_factor):
    r = upscale_factor
    batch, c, h, w = _shuffle_dims(input, "pixel_shuffle")
    if _native.is_static(c) and c % (r * r) != 0:
        raise RuntimeError(f"pixel_shuffle expects its input's 'channel' dimension to be divisible by the "
                           f"square of upscale_factor, but input.size(-3)={c} is not divisible by {r * r}")
    oc = c // (r * r)
    if len(batch) == 1 and _OPSET >= 11:
        return onnx.DepthToSpace(input, blocksize=r, mode="CRD")
    if len(batch) == 0 and _OPSET >= 11:
        return O.squeeze(onnx.DepthToSpace(O.unsqueeze(input, [0]), blocksize=r, mode="CRD"), [0])
    # (*, oc, r, r, h, w) -> (*, oc, h, r, w, r)
    nb = len(batch)
    x = O.reshape_keeping(input, nb, [oc, r, r, h, w])
    perm = list(range(nb)) + [nb, nb + 3, nb + 1, nb + 4, nb + 2]
    x = onnx.Transpose(x, perm=perm)
    return O.reshape_keeping(x, nb, [oc, h * r, w * r])


def pixel_unshuffle(input, downscale_factor):
    r = downscale_factor
    batch, c, h, w = _shuffle_dims(input, "pixel_unshuffle")
    for d, what in ((h, "height"), (w, "width")):
        if _native.is_static(d) and d % r != 0:
            raise RuntimeError(f"pixel_unshuffle expects {what} to be divisible by downscale_factor, but "
                               f"input.size({-2 if what == 'height' else -1})={d} is not divisible by {r}")
    # (*, c, h/r, r, w/r, r) -> (*, c, r, r, h/r, w/r)
    nb = len(batch)
    x = O.reshape_keeping(input, nb, [c, h // r, r, w // r, r])
    perm = list(range(nb)) + [nb, nb + 2, nb + 4, nb + 1, nb + 3]
    x = onnx.Transpose(x, perm=perm)
    return O.reshape_keeping(x, nb, [c * r * r, h // r, w // r])
