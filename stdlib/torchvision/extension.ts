# torchvision.extension: in PyTorch, the loader of torchvision's C++
# operators (torch.ops.torchvision.*).  Here they are mapped to ONNX
# instead, so this module replaces the installed one: the operators are
# "loaded", and each has an @symbolic mapping, registered when torchvision
# is imported (a model's own @symbolic("torchvision::OP") registered
# afterwards takes precedence).
#
#   nms(boxes [N, 4], scores [N], iou)   NonMaxSuppression (opset 10) on one
#                                        batch and class, max boxes N; the
#                                        kept indices by decreasing score
#   roi_align(x, rois [K, 5], scale, h, w, sampling_ratio, aligned)
#                                        RoiAlign (opset 10; aligned=True,
#                                        the half_pixel transform, opset 16);
#                                        sampling_ratio <= 0 is adaptive in
#                                        both
#   roi_pool(x, rois [K, 5], scale, h, w) MaxRoiPool (opset 1), with
#                                        argmax refused
import onnx
import _native
import torch.nn._ops as O
from tsc2onnx import symbolic

_OPSET = _native.opset
_HAS_OPS = True


def _has_ops():
    return True


def _assert_has_ops():
    return None


def _check_cuda_version():
    return -1


def _load_library(lib_name):
    return None


@symbolic("torchvision::nms")
def _nms(boxes, scores, iou_threshold):
    O.need_opset(10, "torchvision.ops.nms")
    if boxes.dim() != 2 or boxes.size(-1) != 4:
        raise RuntimeError(f"boxes should have 4 elements in dimension 1, got {boxes.size(-1)}")
    if scores.dim() != 1:
        raise RuntimeError(f"scores should be a 1d tensor, got {scores.dim()}D")
    if boxes.dtype != scores.dtype:
        raise RuntimeError("boxes and scores should have same type")
    f = _native.float32
    b = O.unsqueeze(boxes.to(f), [0])
    s = O.unsqueeze(scores.to(f), [0, 1])
    count = onnx.Reshape(onnx.Shape(scores), _native.tensor([1], _native.int64))
    iou = _native.tensor([float(iou_threshold)], f)
    sel = onnx.NonMaxSuppression(b, s, count, iou)
    return O.squeeze(O.slice_axis(sel, 1, 2, 3), [1])


def _roi_check(input, rois, what):
    if input.dim() != 4:
        raise RuntimeError(f"{what}: input must be 4-D (N, C, H, W), got {input.dim()}-D")
    if rois.dim() != 2 or rois.size(1) != 5:
        raise RuntimeError(f"{what}: rois must be a 2-D tensor of shape (K, 5)")
    if not _native.is_floating(_native.dtype_of(input)):
        raise RuntimeError(f"{what}: input must be a floating-point tensor")


@symbolic("torchvision::roi_align")
def _roi_align(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned):
    # torchvision's aligned=False is RoiAlign-10's transform (output_half_pixel:
    # no shift, rois at least 1x1); aligned=True is half_pixel, from opset 16
    O.need_opset(16 if aligned else 10, "torchvision.ops.roi_align" +
                 (" with aligned=True" if aligned else ""))
    _roi_check(input, rois, "roi_align")
    dt = _native.dtype_of(input)
    r = rois.to(dt)
    batch = O.squeeze(O.slice_axis(r, 1, 0, 1), [1]).to(_native.int64)
    corners = O.slice_axis(r, 1, 1, 5)
    attrs = {"output_height": int(pooled_height), "output_width": int(pooled_width),
             "sampling_ratio": max(int(sampling_ratio), 0), "spatial_scale": float(spatial_scale),
             "mode": "avg"}
    if _OPSET >= 16:
        attrs["coordinate_transformation_mode"] = "half_pixel" if aligned else "output_half_pixel"
    return onnx.RoiAlign(input, corners, batch, **attrs)


@symbolic("torchvision::roi_pool")
def _roi_pool(input, rois, spatial_scale, pooled_height, pooled_width):
    _roi_check(input, rois, "roi_pool")
    dt = _native.dtype_of(input)
    out = onnx.MaxRoiPool(input, rois.to(dt), pooled_shape=[int(pooled_height), int(pooled_width)],
                          spatial_scale=float(spatial_scale))
    # torchvision.ops.roi_pool drops the argmax (the positions of the
    # maxima, for the backward pass); MaxRoiPool does not compute it
    return out, None
