# torch.nn.functional over onnx.* operators.
#
# Here: linear, the activations, dropout, embedding and the
# normalizations.  Convolutions and padding live in torch.nn._conv, pooling
# in torch.nn._pool, resizing and pixel shuffles in torch.nn._resize; they
# are re-exported at the end of this file.
import math
import onnx
import _native
import torch
import torch._impl as T
import torch.nn._ops as O
import torch.nn._loss as _L

_OPSET = _native.opset


def _dtype(x):
    return _native.dtype_of(x)


def _float_tensor(x, name):
    if not _native.is_tensor(x):
        raise TypeError(f"{name}(): argument 'input' must be Tensor, not {type(x).__name__}")
    if not _native.is_floating(_dtype(x)):
        raise NotImplementedError(f"{name}() on a {_dtype(x)} tensor is not supported yet "
                                  "(PyTorch defines it for floating-point tensors)")
    return x


# ---- linear -----------------------------------------------------------------

def linear(input, weight, bias=None):
    # no promotion, as in PyTorch: input and weight of one dtype, and a
    # 2-D input's bias too (addmm); other ranks add the bias (matmul, add_)
    T._same_dtype_mm(input, weight)
    x, w = input, weight
    if bias is not None and x.dim() == 2 and _native.dtype_of(bias) != _native.dtype_of(x):
        raise RuntimeError("self and mat2 must have the same dtype")
    if bias is not None and x.dim() == 2:
        return onnx.Gemm(x, w, bias, transB=1)
    y = onnx.MatMul(x, onnx.Transpose(w, perm=[1, 0]) if w.dim() == 2 else w)
    if bias is not None:
        y = onnx.Add(y, T._to(bias, _native.dtype_of(y)))
    return y


# ---- activations ---------------------------------------------------------------
#
# float64 tensors take elementwise decompositions where ONNX Runtime has
# no double kernel for the operator (Elu, Selu, Softplus, Softsign,
# HardSigmoid, LeakyRelu, PRelu); the formulas are the operators'
# definitions.

def _is_f64(x):
    return _dtype(x) == torch.float64


def _softplus(x):
    """log(1 + exp(x)), computed as relu(x) + log(1 + exp(-|x|))."""
    if not _is_f64(x):
        return onnx.Softplus(x)
    return onnx.Add(onnx.Relu(x), onnx.Log(onnx.Add(onnx.Exp(onnx.Neg(onnx.Abs(x))), 1.0)))


def _where_negative(x, neg):
    return onnx.Where(onnx.Less(x, T._to(0, _dtype(x))), neg, x)


def _hardsigmoid(x):
    if not _is_f64(x):
        return onnx.HardSigmoid(x, alpha=1.0 / 6, beta=0.5)
    return O.clip(onnx.Add(onnx.Div(x, 6.0), 0.5), 0.0, 1.0)

def relu(input, inplace=False):
    return onnx.Relu(input)


def relu_(input):
    return relu(input)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return O.clip(input, min_val, max_val)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val)


def elu(input, alpha=1.0, inplace=False):
    x = _float_tensor(input, "elu")
    if _is_f64(x):
        return _where_negative(x, onnx.Mul(onnx.Sub(onnx.Exp(x), 1.0), float(alpha)))
    return onnx.Elu(x, alpha=alpha)


def selu(input, inplace=False):
    # ONNX's default alpha and gamma are SELU's constants
    x = _float_tensor(input, "selu")
    if _is_f64(x):
        alpha = 1.6732632423543772848170429916717
        scale = 1.0507009873554804934193349852946
        return onnx.Mul(_where_negative(x, onnx.Mul(onnx.Sub(onnx.Exp(x), 1.0), alpha)), scale)
    return onnx.Selu(x)


def celu(input, alpha=1.0, inplace=False):
    x = _float_tensor(input, "celu")
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError")
    if _OPSET >= 12 and _dtype(x) == torch.float32:
        return onnx.Celu(x, alpha=alpha)
    # max(0, x) + min(0, alpha * (exp(x / alpha) - 1))
    neg = onnx.Mul(onnx.Sub(onnx.Exp(onnx.Div(x, alpha)), 1.0), alpha)
    return onnx.Add(onnx.Relu(x), onnx.Neg(onnx.Relu(onnx.Neg(neg))))


def leaky_relu(input, negative_slope=0.01, inplace=False):
    x = _float_tensor(input, "leaky_relu")
    if _is_f64(x):
        return _where_negative(x, onnx.Mul(x, float(negative_slope)))
    return onnx.LeakyRelu(x, alpha=negative_slope)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope)


def prelu(input, weight):
    x = _float_tensor(input, "prelu")
    n = weight.numel()
    if n != 1:
        if x.dim() < 2:
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter "
                               f"numbers = {n} and channel size = 1.")
        c = x.size(1)
        if _native.is_static(c) and c != n:
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter "
                               f"numbers = {n} and channel size = {c}.")
    w = T._to(weight, _dtype(x))
    if weight.dim() == 1 and n != 1:
        w = O.channel_view(w, x.dim())
    if _is_f64(x):
        return _where_negative(x, onnx.Mul(x, w))
    return onnx.PRelu(x, w)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    if training:
        return _native.error("rrelu in training mode (random slopes) is not supported yet; "
                             "export in eval mode")
    return leaky_relu(input, (lower + upper) / 2)


def gelu(input, approximate="none"):
    x = _float_tensor(input, "gelu")
    if approximate not in ("none", "tanh"):
        raise RuntimeError(f"approximate argument must be either none or tanh.")
    if _OPSET >= 20:
        return onnx.Gelu(x, approximate=approximate)
    if approximate == "tanh":
        # 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
        inner = onnx.Mul(onnx.Add(x, onnx.Mul(onnx.Mul(onnx.Mul(x, x), x), 0.044715)),
                         math.sqrt(2.0 / math.pi))
        return onnx.Mul(onnx.Mul(x, 0.5), onnx.Add(onnx.Tanh(inner), 1.0))
    # 0.5 x (1 + erf(x / sqrt(2)))
    return onnx.Mul(onnx.Mul(x, 0.5), onnx.Add(onnx.Erf(onnx.Mul(x, 1.0 / math.sqrt(2.0))), 1.0))


def silu(input, inplace=False):
    x = _float_tensor(input, "silu")
    if _is_f64(x):
        # x / (1 + exp(-x)): ONNX Runtime rewrites x * Sigmoid(x) into a
        # float-only fused kernel
        return onnx.Div(x, onnx.Add(onnx.Exp(onnx.Neg(x)), 1.0))
    return onnx.Mul(x, onnx.Sigmoid(x))


def mish(input, inplace=False):
    x = _float_tensor(input, "mish")
    if _OPSET >= 18 and not _is_f64(x):
        return onnx.Mish(x)
    return onnx.Mul(x, onnx.Tanh(_softplus(x)))


def hardsigmoid(input, inplace=False):
    return _hardsigmoid(_float_tensor(input, "hardsigmoid"))


def hardswish(input, inplace=False):
    x = _float_tensor(input, "hardswish")
    if _OPSET >= 14 and not _is_f64(x):
        return onnx.HardSwish(x)
    return onnx.Mul(x, _hardsigmoid(x))


def sigmoid(input):
    return torch.sigmoid(input)


def tanh(input):
    return torch.tanh(input)


def softplus(input, beta=1, threshold=20):
    x = _float_tensor(input, "softplus")
    bx = x if beta == 1 else onnx.Mul(x, float(beta))
    y = _softplus(bx)
    if beta != 1:
        y = onnx.Div(y, float(beta))
    # above the threshold PyTorch returns x itself; at the default (20) the
    # difference, log1p(exp(-20)), is below float32 resolution
    if threshold < 20:
        y = onnx.Where(onnx.Greater(bx, float(threshold)), x, y)
    return y


def softsign(input):
    x = _float_tensor(input, "softsign")
    if _is_f64(x):
        return onnx.Div(x, onnx.Add(onnx.Abs(x), 1.0))
    return onnx.Softsign(x)


def tanhshrink(input):
    x = _float_tensor(input, "tanhshrink")
    return onnx.Sub(x, onnx.Tanh(x))


def softshrink(input, lambd=0.5):
    if lambd < 0:
        raise RuntimeError(f"lambda must be greater or equal to 0, but found to be {lambd}.")
    return onnx.Shrink(_float_tensor(input, "softshrink"), bias=lambd, lambd=lambd)


def hardshrink(input, lambd=0.5):
    return onnx.Shrink(_float_tensor(input, "hardshrink"), bias=0.0, lambd=lambd)


def threshold(input, threshold, value, inplace=False):
    dt = _dtype(input)
    return onnx.Where(onnx.Greater(input, T._to(threshold, dt)), input, T._to(value, dt))


def threshold_(input, threshold_value, value):
    return threshold(input, threshold_value, value)


def logsigmoid(input):
    # -softplus(-x): exact for large |x|, where log(sigmoid(x)) underflows
    x = _float_tensor(input, "logsigmoid")
    return onnx.Neg(_softplus(onnx.Neg(x)))


def glu(input, dim=-1):
    rank = input.dim()
    if rank == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = T._norm_dim(dim, rank)
    n = input.size(d)
    if _native.is_static(n):
        if n % 2 != 0:
            raise RuntimeError(f"Halving dimension must be even, but dimension {d} is size {n}")
        a = O.slice_axis(input, d, 0, n // 2)
        b = O.slice_axis(input, d, n // 2, n)
    elif _OPSET >= 18:
        a, b = onnx.Split(input, axis=d, num_outputs=2, _outputs=2)
    else:
        a, b = onnx.Split(input, axis=d, _outputs=2)
    return onnx.Mul(a, onnx.Sigmoid(b))


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return T.softmax(input, dim, dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return T.log_softmax(input, dim, dtype)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    x = input if dtype is None else T._to(input, dtype)
    return T.softmax(onnx.Neg(T._floating(x)), dim, None)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    x = _float_tensor(input, "normalize")
    d = T._norm_dim(dim, x.dim())
    if p == 2:
        norm = onnx.Sqrt(O.reduce_sum(onnx.Mul(x, x), [d]))
    elif p == 1:
        norm = O.reduce_sum(onnx.Abs(x), [d])
    else:
        norm = onnx.Pow(O.reduce_sum(onnx.Pow(onnx.Abs(x), float(p)), [d]), 1.0 / p)
    return onnx.Div(x, O.clip(norm, eps, None))


# ---- dropout -------------------------------------------------------------------
#
# In eval mode (training=False, what an exported module is) dropout is the
# identity.  In training mode it draws a fresh mask on every run: ONNX
# Dropout with training_mode from opset 12, RandomUniformLike before.

def _check_p(p):
    if p < 0 or p > 1:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _keep_mask_scaled(x, r, p):
    """x * (r >= p) / (1 - p): R is uniform in [0, 1), broadcast over x."""
    keep = onnx.Cast(onnx.Not(onnx.Less(r, T._to(p, _dtype(r)))), to=_dtype(x))
    return onnx.Mul(onnx.Mul(x, keep), 1.0 / (1.0 - p))


def _dropout_train(x, p):
    if p == 1:
        return onnx.Mul(x, 0.0)
    if _OPSET >= 12:
        return onnx.Dropout(x, float(p), True)
    return _keep_mask_scaled(x, onnx.RandomUniformLike(x), p)


def dropout(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    if not training or p == 0:
        return input
    return _dropout_train(_float_tensor(input, "dropout"), p)


def _feature_dropout(input, p, training, name, rank_batched):
    _check_p(p)
    if not training or p == 0:
        return input
    x = _float_tensor(input, name)
    rank = x.dim()
    if rank != rank_batched and rank != rank_batched - 1:
        raise RuntimeError(f"{name}: Expected {rank_batched - 1}D or {rank_batched}D input, "
                           f"but received a {rank}D input")
    if p == 1:
        return onnx.Mul(x, 0.0)
    # one draw per channel: a uniform tensor shaped like x reduced over its
    # spatial axes
    first = 2 if rank == rank_batched else 1
    r = onnx.RandomUniformLike(O.reduce_mean(x, list(range(first, rank))))
    return _keep_mask_scaled(x, r, p)


def dropout1d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, "dropout1d", 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, "dropout2d", 4)


def dropout3d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, "dropout3d", 5)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    if not training or p == 0:
        return input
    return _native.error("alpha_dropout in training mode is not supported yet; export in eval mode")


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    if not training or p == 0:
        return input
    return _native.error("feature_alpha_dropout in training mode is not supported yet; "
                         "export in eval mode")


# ---- embedding ---------------------------------------------------------------------

def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    dt = _dtype(input)
    if dt != torch.int64 and dt != torch.int32:
        raise RuntimeError(f"Expected tensor for argument #1 'indices' to have one of the following "
                           f"scalar types: Long, Int; but got {dt} instead")
    if weight.dim() != 2:
        raise RuntimeError("'weight' must be 2-D")
    if max_norm is not None:
        weight = _L._embedding_renorm_(weight, input, max_norm, norm_type)
    return onnx.Gather(weight, input, axis=0)


# ---- normalization ---------------------------------------------------------------

def _affine(y, weight, bias, rank):
    """y * weight + bias with per-channel (axis 1) weight and bias."""
    if weight is not None:
        y = onnx.Mul(y, O.channel_view(T._to(weight, _dtype(y)), rank))
    if bias is not None:
        y = onnx.Add(y, O.channel_view(T._to(bias, _dtype(y)), rank))
    return y


def _normalize_over(x, axes, eps):
    """(x - mean) / sqrt(var + eps) over AXES, with the biased variance."""
    d = onnx.Sub(x, O.reduce_mean(x, axes))
    var = O.reduce_mean(onnx.Mul(d, d), axes)
    return onnx.Div(d, onnx.Sqrt(onnx.Add(var, float(eps))))


def _channels(input, name):
    if input.dim() < 2:
        raise ValueError(f"{name}: expected an input with at least 2 dimensions (N, C, ...), got {input.dim()}")
    c = input.size(1)
    if not _native.is_static(c):
        return _native.error(f"{name} needs the channel count known at compile time; not supported yet")
    return c


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    x = _float_tensor(input, "batch_norm")
    c = _channels(x, "batch_norm")
    rank = x.dim()
    dt = _dtype(x)
    if training or running_mean is None or running_var is None:
        # batch statistics (the running ones, if any, are not updated: an
        # exported graph has no state)
        if training:
            n = 1
            for d in [x.size(0)] + list(x.shape[2:]):
                n = n * d if _native.is_static(d) else 2
            if n == 1:
                raise ValueError(f"Expected more than 1 value per channel when training, got input size {_native.shape_text(x)}")
        y = _normalize_over(x, [0] + list(range(2, rank)), eps)
        return _affine(y, weight, bias, rank)
    scale = T._to(weight, dt) if weight is not None else T.ones(c, dtype=dt)
    b = T._to(bias, dt) if bias is not None else T.zeros(c, dtype=dt)
    mean = T._to(running_mean, dt)
    var = T._to(running_var, dt)
    if rank == 2:
        # (N, C): BatchNormalization wants spatial axes
        y = onnx.BatchNormalization(O.unsqueeze(x, [2]), scale, b, mean, var, epsilon=eps)
        return O.squeeze(y, [2])
    return onnx.BatchNormalization(x, scale, b, mean, var, epsilon=eps)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-05):
    x = _float_tensor(input, "instance_norm")
    c = _channels(x, "instance_norm")
    if not use_input_stats:
        if running_mean is None or running_var is None:
            raise ValueError("Expected running_mean and running_var to be defined when use_input_stats is false")
        return batch_norm(x, running_mean, running_var, weight, bias, False, momentum, eps)
    if x.dim() < 3:
        raise ValueError(f"instance_norm: expected an input with at least 3 dimensions (N, C, L...), got {x.dim()}")
    dt = _dtype(x)
    scale = T._to(weight, dt) if weight is not None else T.ones(c, dtype=dt)
    b = T._to(bias, dt) if bias is not None else T.zeros(c, dtype=dt)
    return onnx.InstanceNormalization(x, scale, b, epsilon=eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    x = _float_tensor(input, "layer_norm")
    shape = [normalized_shape] if isinstance(normalized_shape, int) else list(normalized_shape)
    k = len(shape)
    rank = x.dim()
    tail = list(x.shape[rank - k:]) if k <= rank else []
    if k == 0 or k > rank or any(_native.is_static(a) and a != b for a, b in zip(tail, shape)):
        raise RuntimeError(f"Given normalized_shape={shape}, expected input with shape [*, "
                           f"{', '.join(str(s) for s in shape)}], but got input of size{_native.shape_text(x)}")
    dt = _dtype(x)
    if _OPSET >= 17:
        scale = T._to(weight, dt) if weight is not None else T.ones(shape, dtype=dt)
        b = None if bias is None else T._to(bias, dt)
        return onnx.LayerNormalization(x, scale, b, axis=rank - k, epsilon=eps)
    y = _normalize_over(x, list(range(rank - k, rank)), eps)
    if weight is not None:
        y = onnx.Mul(y, T._to(weight, dt))
    if bias is not None:
        y = onnx.Add(y, T._to(bias, dt))
    return y


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    x = _float_tensor(input, "group_norm")
    c = _channels(x, "group_norm")
    if c % num_groups != 0:
        raise RuntimeError(f"Expected number of channels in input to be divisible by num_groups, "
                           f"but got input of shape {_native.shape_text(x)} and num_groups={num_groups}")
    dt = _dtype(x)
    rank = x.dim()
    if _OPSET >= 21:
        scale = T._to(weight, dt) if weight is not None else T.ones(c, dtype=dt)
        b = T._to(bias, dt) if bias is not None else T.zeros(c, dtype=dt)
        return onnx.GroupNormalization(x, scale, b, num_groups=num_groups, epsilon=eps)
    # normalize (N, G, C/G * spatial) per group with InstanceNormalization,
    # then apply the per-channel affine transform
    grouped = onnx.Reshape(x, [0, num_groups, -1])
    y = onnx.InstanceNormalization(grouped, T.ones(num_groups, dtype=dt), T.zeros(num_groups, dtype=dt),
                                   epsilon=eps)
    y = T._reshape_to(y, x)
    return _affine(y, weight, bias, rank)


def local_response_norm(input, size, alpha=0.0001, beta=0.75, k=1.0):
    x = _float_tensor(input, "local_response_norm")
    if x.dim() < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input (got {x.dim()} dimensions)")
    if size % 2 == 0:
        # ONNX's window is centred the other way for even sizes
        return _native.error("local_response_norm with an even size is not supported yet")
    return onnx.LRN(x, size=size, alpha=alpha, beta=beta, bias=k)


# ---- the rest of torch.nn.functional ------------------------------------------

from torch.nn._conv import *
from torch.nn._pool import *
from torch.nn._resize import *
from torch.nn._sample import *
from torch.nn._attention import *
from torch.nn._loss import *
