# torch.nn.functional: distances, one_hot, embedding_renorm_ (embedding's
# max_norm), embedding_bag and the losses (kl_div, nll_loss, cross_entropy,
# binary_cross_entropy_with_logits), written as PyTorch
# 1.13's ATen writes them (aten/src/ATen/native/Loss*.cpp, Distance.cpp),
# so that the reductions and the special values agree: a mean of nll_loss
# divides by the summed weights of the targets that are not ignored, and
# cross_entropy's label smoothing keeps ATen's formula (its smoothing term's
# mean divides by the number of kept targets, or by their summed weights).
import onnx
import _native
import torch
import torch._impl as T
import torch._reduce as R

_OPSET = _native.opset
_i64 = _native.int64


# ---- distances -----------------------------------------------------------------

def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """sum((x1 / max(|x1|, eps)) * (x2 / max(|x2|, eps)), dim) over the
    broadcast operands: each is divided by its norm first, as in ATen."""
    dt = _native.result_type(x1, x2)
    if not _native.is_floating(dt):
        raise RuntimeError(f"expected common dtype to be floating point, yet common dtype is {T._TYPE_NAME[dt]}")
    a, b = torch.broadcast_tensors(T._to(x1, dt), T._to(x2, dt))
    na = torch.clamp_min(torch.linalg.vector_norm(a, 2, dim, True), eps)
    nb = torch.clamp_min(torch.linalg.vector_norm(b, 2, dim, True), eps)
    return torch.sum(onnx.Mul(onnx.Div(a, na), onnx.Div(b, nb)), dim)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """norm(x1 - x2 + eps, p) over the last dimension of the broadcast."""
    d = x1.dim() if x1.dim() > x2.dim() else x2.dim()
    return torch.norm(torch.add(torch.sub(x1, x2), eps), p, d - 1, keepdim)


# ---- one_hot -------------------------------------------------------------------

def one_hot(tensor, num_classes=-1):
    """int64 [..., C]: Equal(tensor[..., None], arange(C)).  num_classes=-1
    takes C = max + 1 at run time (a ReduceMax and a Range, opset 11)."""
    if not _native.is_tensor(tensor) or T._dtype(tensor) != _i64:
        raise RuntimeError("one_hot is only applicable to index tensor.")
    if num_classes == -1:
        if _OPSET < 11:
            return _native.error("one_hot with num_classes=-1 needs opset 11 or later "
                                 "(the number of classes is known only at run time)")
        c = onnx.Add(onnx.ReduceMax(tensor, keepdims=0), T._to(1, _i64))
        classes = onnx.Range(T._to(0, _i64), c, T._to(1, _i64))
    else:
        classes = T._to(list(range(num_classes)), _i64)
    return T._to(onnx.Equal(T._unsqueeze_axes(tensor, [tensor.dim()]), classes), _i64)


# ---- reductions of the losses --------------------------------------------------

def _legacy_reduction(size_average, reduce, reduction):
    """torch.nn._reduction: the deprecated size_average and reduce win."""
    if size_average is None and reduce is None:
        if reduction not in ("none", "mean", "sum", "elementwise_mean"):
            raise ValueError(f"{reduction} is not a valid value for reduction")
        return "mean" if reduction == "elementwise_mean" else reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    if size_average and reduce:
        return "mean"
    return "sum" if reduce else "none"


def _apply_reduction(loss, reduction):
    if reduction == "mean":
        return torch.mean(loss)
    if reduction == "sum":
        return torch.sum(loss)
    return loss


def _xlogy_self(t):
    """xlogy(t, t): 0 where t is 0, else t * log(t)."""
    z = T._to(0, T._dtype(t))
    return onnx.Where(onnx.Equal(t, z), z, onnx.Mul(t, onnx.Log(t)))


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if reduction == "batchmean" and size_average is None and reduce is None:
        red = "sum"
    else:
        red = _legacy_reduction(size_average, reduce, reduction)
    a, t = T._promote(input, target)
    if log_target:
        out = onnx.Mul(onnx.Exp(t), onnx.Sub(t, a))
    else:
        out = onnx.Sub(_xlogy_self(t), onnx.Mul(t, a))
    r = _apply_reduction(out, red)
    if reduction == "batchmean" and size_average is None and reduce is None and input.dim() != 0:
        r = torch.div(r, input.size(0))
    return r


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    """ATen's stable form: (1 - t) * x + lw * (log(exp(-m) + exp(-x - m)) + m),
    m = max(-x, 0), lw = 1 + (pos_weight - 1) * t."""
    red = _legacy_reduction(size_average, reduce, reduction)
    if not (target.dim() == input.dim() and all(
            [_native.static_size(target, i) == _native.static_size(input, i) for i in range(input.dim())])):
        raise ValueError(f"Target size ({target.size()}) must be the same as input size ({input.size()})")
    x, t = T._promote(input, target)
    dt = T._dtype(x)
    one = T._to(1, dt)
    m = onnx.Max(onnx.Neg(x), T._to(0, dt))
    lse = onnx.Add(onnx.Log(onnx.Add(onnx.Exp(onnx.Neg(m)), onnx.Exp(onnx.Sub(onnx.Neg(x), m)))), m)
    if pos_weight is not None:
        lw = onnx.Add(onnx.Mul(onnx.Sub(T._to(pos_weight, dt), one), t), one)
        lse = onnx.Mul(lw, lse)
    loss = onnx.Add(onnx.Mul(onnx.Sub(one, t), x), lse)
    if weight is not None:
        loss = onnx.Mul(loss, T._to(weight, dt))
    return _apply_reduction(loss, red)


def _class_weights_shape(weight, rank, class_dim):
    shape = [1] * rank
    shape[class_dim] = weight.size(0)
    return torch.reshape(weight, shape)


def _nll(input, target, weight, ignore_index, reduction):
    """nll_loss over input [N, C, d...] (or [C]) and target [N, d...] (or
    []): out = -w[t] * input[t] along dim 1, 0 where t == ignore_index."""
    if T._dtype(target) != _i64:
        raise RuntimeError(f"expected scalar type Long but found {T._TYPE_NAME[T._dtype(target)]}")
    if input.dim() < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.dim()})")
    if input.dim() != 1 and target.dim() != input.dim() - 1:
        raise ValueError(f"Expected target size {input.size()[:1] + input.size()[2:]}, got {target.size()}")
    cd = 0 if input.dim() == 1 else 1
    dt = T._dtype(input)
    keep = onnx.Not(onnx.Equal(target, T._to(ignore_index, _i64)))
    safe = onnx.Where(keep, target, T._to(0, _i64))
    picked = T._squeeze_axes(torch.gather(input, cd, T._unsqueeze_axes(safe, [cd])), [cd])
    if weight is None:
        w = T._to(keep, dt)
    else:
        w = onnx.Where(keep, onnx.Gather(T._to(weight, dt), safe, axis=0), T._to(0, dt))
    out = onnx.Neg(onnx.Mul(picked, w))
    if reduction == "none":
        return out
    if reduction == "sum":
        return torch.sum(out)
    return onnx.Div(torch.sum(out), torch.sum(w))


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    return _nll(input, target, weight, ignore_index, _legacy_reduction(size_average, reduce, reduction))


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    red = _legacy_reduction(size_average, reduce, reduction)
    cd = 0 if input.dim() == 1 else 1
    if label_smoothing < 0.0 or label_smoothing > 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    logp = torch.log_softmax(input, cd)
    dt = T._dtype(logp)
    n = input.size(cd)
    if target.dim() == input.dim():
        # class probabilities
        if not _native.is_floating(T._dtype(target)):
            raise RuntimeError("Expected floating point type for target with class probabilities, "
                               f"got {T._TYPE_NAME[T._dtype(target)]}")
        t = T._to(target, dt)
        if label_smoothing > 0.0:
            t = torch.add(torch.mul(t, 1 - label_smoothing), torch.div(label_smoothing, n))
        p = onnx.Mul(logp, t)
        if weight is not None:
            p = onnx.Mul(p, _class_weights_shape(T._to(weight, dt), input.dim(), cd))
        if red == "none":
            return onnx.Neg(torch.sum(p, cd))
        s = onnx.Neg(torch.sum(p))
        if red == "sum":
            return s
        return torch.div(s, torch.div(input.numel(), n, rounding_mode="trunc"))
    nll = _nll(logp, target, weight, ignore_index, red)
    if label_smoothing == 0.0:
        return nll
    keep = onnx.Not(onnx.Equal(target, T._to(ignore_index, _i64)))
    if weight is None:
        smooth = onnx.Neg(torch.sum(logp, cd))
    else:
        smooth = onnx.Neg(torch.sum(onnx.Mul(logp, _class_weights_shape(T._to(weight, dt), input.dim(), cd)), cd))
    smooth = onnx.Where(keep, smooth, T._to(0, dt))
    if red == "mean":
        if weight is None:
            ret = onnx.Div(torch.sum(smooth), torch.sum(T._to(keep, dt)))
        else:
            safe = onnx.Where(keep, target, T._to(0, _i64))
            w = onnx.Where(keep, onnx.Gather(T._to(weight, dt), safe, axis=0), T._to(0, dt))
            ret = onnx.Div(torch.sum(smooth), torch.sum(w))
    elif red == "sum":
        ret = torch.sum(smooth)
    else:
        ret = smooth
    return torch.add(torch.mul(nll, 1 - label_smoothing), torch.mul(ret, label_smoothing / n))


def _embedding_renorm_(weight, input, max_norm, norm_type):
    """torch.embedding_renorm_: each row of WEIGHT that INPUT names and
    whose norm exceeds MAX_NORM is scaled by max_norm / (norm + 1e-7), in
    place (later reads of the weight see it, as in PyTorch; a second call
    changes nothing more).  The named rows are marked by a ScatterElements
    (opset 11)."""
    if _OPSET < 11:
        return _native.error("embedding with max_norm needs opset 11 or later (ScatterElements)")
    wt = T._dtype(weight)
    idx = onnx.Reshape(T._to(input, torch.int64), [-1])
    named = onnx.ScatterElements(torch.zeros(weight.size(0), dtype=torch.int64), idx,
                                 onnx.Expand(T._to(1, torch.int64), onnx.Shape(idx)), axis=0)
    norm = torch.linalg.vector_norm(weight, norm_type, 1, True)
    big = onnx.And(T._unsqueeze_axes(onnx.Equal(named, T._to(1, torch.int64)), [1]),
                   onnx.Greater(norm, T._to(max_norm, wt)))
    scaled = onnx.Mul(weight, onnx.Div(T._to(max_norm, wt), onnx.Add(norm, T._to(1e-7, wt))))
    return weight.copy_(onnx.Where(big, scaled, weight))


# ---- embedding_bag ---------------------------------------------------------------

def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False,
                  mode="mean", sparse=False, per_sample_weights=None, include_last_offset=False,
                  padding_idx=None):
    """Bags of embeddings reduced by sum, mean or max.  Each index j of the
    flat input belongs to bag (number of offsets <= j) - 1; a [B, N] mask
    of bag membership (without padding_idx entries) then gives the sums as
    a MatMul, the means divided by the bag sizes, the maxima as a ReduceMax
    of the masked embeddings; an empty bag gives zeros, as in PyTorch."""
    if per_sample_weights is not None and input.dim() != per_sample_weights.dim():
        raise ValueError(f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not None, "
                         f"then it must have the same shape as the input ({input.shape})")
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch "
                             f"of fixed length sequences. However, found offsets of type {type(offsets)}")
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype)
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.dim() != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}")
    if mode not in ("sum", "mean", "max"):
        raise ValueError("mode has to be one of sum, mean or max")
    if mode == "max" and scale_grad_by_freq:
        raise ValueError("max mode does not support scaling the gradient by the frequency")
    if mode == "max" and sparse:
        raise ValueError("max mode does not support sparse weights")
    if max_norm is not None:
        weight = _embedding_renorm_(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != "sum":
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature "
                                  "request on GitHub.")
    if _OPSET < 11:
        return _native.error("embedding_bag needs opset 11 or later (Range)")
    dt = T._dtype(weight)
    idx = T._to(input, _i64)
    off = T._to(offsets, _i64)
    pos = onnx.Range(T._to(0, _i64), T._to(onnx.Size(idx), _i64), T._to(1, _i64))
    starts = off
    if include_last_offset:
        starts = off[:-1]
    started = onnx.Not(onnx.Greater(T._unsqueeze_axes(starts, [0]), T._unsqueeze_axes(pos, [1])))
    bag = onnx.Sub(R.sum(T._to(started, _i64), 1), T._to(1, _i64))
    nbags = onnx.Range(T._to(0, _i64), T._to(starts.size(0), _i64), T._to(1, _i64))
    member = onnx.Equal(T._unsqueeze_axes(nbags, [1]), T._unsqueeze_axes(bag, [0]))
    if include_last_offset:
        member = onnx.And(member, T._unsqueeze_axes(onnx.Less(pos, off[-1]), [0]))
    if padding_idx is not None:
        p = padding_idx + weight.size(0) if padding_idx < 0 else padding_idx
        member = onnx.And(member, T._unsqueeze_axes(onnx.Not(onnx.Equal(idx, T._to(p, _i64))), [0]))
    emb = onnx.Gather(weight, idx, axis=0)
    if per_sample_weights is not None:
        emb = onnx.Mul(emb, T._unsqueeze_axes(T._to(per_sample_weights, dt), [1]))
    m = T._to(member, dt)
    if mode == "max":
        masked = onnx.Where(T._unsqueeze_axes(member, [2]), T._unsqueeze_axes(emb, [0]), T._to(float("-inf"), dt))
        r = R._reduce(onnx.ReduceMax, masked, [1], False)
        count = R.sum(m, 1, True)
        return onnx.Where(onnx.Greater(count, T._to(0, dt)), r, T._to(0, dt))
    s = onnx.MatMul(m, emb)
    if mode == "sum":
        return s
    count = R.sum(m, 1, True)
    if include_last_offset:
        # PyTorch 1.13 sizes the last bag as every index from its start to
        # the end of the input, past the last offset: its mean divides by that
        if padding_idx is not None:
            return _native.error("embedding_bag with mode='mean', include_last_offset and padding_idx "
                                 "is not supported yet")
        tail = onnx.Sub(T._to(onnx.Size(idx), dt), T._to(starts[-1], dt))
        last = onnx.Equal(nbags, onnx.Sub(T._to(starts.size(0), _i64), T._to(1, _i64)))
        count = onnx.Where(T._unsqueeze_axes(last, [1]), tail, count)
    return onnx.Div(s, onnx.Max(count, T._to(1, dt)))
