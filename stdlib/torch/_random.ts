# Random numbers: ONNX Runtime draws them when the graph runs (RandomUniform,
# RandomNormal and their *Like forms; bernoulli is a uniform draw), so an
# exported model gives different numbers on every run, as PyTorch does.
import onnx
import _native
import torch._impl as T

_OPSET = _native.opset
_f32 = _native.float32
_i64 = _native.int64
_bool = _native.bool_


def _float_dtype(dtype, name):
    dt = _f32 if dtype is None else dtype
    if not _native.is_floating(dt):
        return T._error(f"{name}() expects a floating point dtype, found {dt}")
    return dt


def _random(size, dtype, static_op, like_op, **attrs):
    """A tensor of SIZE drawn by STATIC_OP (a shape attribute) when the size
    is known, else by LIKE_OP over a tensor of that run-time shape."""
    size = tuple(size)
    if _native.is_static(size):
        return static_op(shape=list(size), dtype=dtype, **attrs)
    base = T.zeros(size, dtype=dtype)
    return T._with_shape(like_op(base, dtype=dtype, **attrs), size)


def rand(*size, generator=None, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    dt = _float_dtype(dtype, "rand")
    return _random(T._size_args(size), dt, onnx.RandomUniform, onnx.RandomUniformLike, low=0.0, high=1.0)


def randn(*size, generator=None, dtype=None, device=None, requires_grad=False, layout=None, out=None):
    dt = _float_dtype(dtype, "randn")
    return _random(T._size_args(size), dt, onnx.RandomNormal, onnx.RandomNormalLike, mean=0.0, scale=1.0)


def rand_like(input, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    dt = _float_dtype(T._dtype(input) if dtype is None else dtype, "rand_like")
    return onnx.RandomUniformLike(input, dtype=dt, low=0.0, high=1.0)


def randn_like(input, *, dtype=None, device=None, requires_grad=False, layout=None, memory_format=None):
    dt = _float_dtype(T._dtype(input) if dtype is None else dtype, "randn_like")
    return onnx.RandomNormalLike(input, dtype=dt, mean=0.0, scale=1.0)


def randint(low=0, high=None, size=None, *, generator=None, dtype=None, device=None, requires_grad=False,
            layout=None, out=None):
    if size is None:
        # randint(high, size)
        size = high
        high = low
        low = 0
    lo = T._static_int(low, "low")
    hi = T._static_int(high, "high")
    if lo >= hi:
        return T._error(f"random_ expects 'from' to be less than 'to', but got from={lo} >= to={hi}")
    dt = _i64 if dtype is None else dtype
    u = _random(size, _f32, onnx.RandomUniform, onnx.RandomUniformLike, low=float(lo), high=float(hi))
    # the float draw can round up to HIGH: keep it below
    u = onnx.Min(onnx.Floor(u), T._to(float(hi - 1), _f32))
    return T._to(u, dt)


def randint_like(input, low=0, high=None, *, dtype=None, device=None, requires_grad=False, layout=None,
                 memory_format=None):
    if high is None:
        high = low
        low = 0
    dt = T._dtype(input) if dtype is None else dtype
    u = onnx.RandomUniformLike(input, dtype=_f32, low=float(low), high=float(high))
    return T._to(onnx.Min(onnx.Floor(u), T._to(float(high - 1), _f32)), dt)


def randperm(n, *, dtype=None, device=None, requires_grad=False, layout=None, out=None, generator=None):
    """The order of n uniform draws: a uniformly random permutation."""
    u = rand(n)
    import torch._reduce as R
    idx = R.sort(u).indices
    return idx if dtype is None else T._to(idx, dtype)


def bernoulli(input, p=None, *, generator=None, out=None):
    if p is not None:
        probs = T.full_like(input, p)
    else:
        probs = input
    if not _native.is_floating(T._dtype(probs)):
        return T._error(f"bernoulli() expects a floating point tensor of probabilities, found {T._dtype(probs)}")
    # ONNX's Bernoulli (opset 15) is not used: ONNX Runtime 1.22's kernel
    # gives 1 where the probability is 0 and 0 where it is 1; a uniform draw
    # below p is what Bernoulli means at every opset
    u = onnx.RandomUniformLike(probs, dtype=T._dtype(probs), low=0.0, high=1.0)
    return T._to(onnx.Less(u, probs), T._dtype(input))


def _gumbel(like):
    """Gumbel(0, 1) noise of LIKE's shape and type: -log(-log(u))."""
    u = onnx.RandomUniformLike(like, dtype=T._dtype(like), low=0.0, high=1.0)
    return onnx.Neg(onnx.Log(onnx.Neg(onnx.Log(u))))


@T._method
def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    """NUM_SAMPLES category indices per row of the weights INPUT, by the
    Gumbel-max trick: log(w) plus Gumbel noise, its argmax a draw with
    probability w / sum(w); without replacement, the top NUM_SAMPLES keys of
    one perturbation are the successive draws (Gumbel-top-k).  ONNX's
    Multinomial is not used: it only samples with replacement.  What PyTorch
    checks on the values at run time (negative or all-zero weights, fewer
    non-zero weights than samples without replacement) a graph cannot raise:
    such rows give indices of zero-weight categories."""
    if input.dim() < 1 or input.dim() > 2:
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    dt = T._dtype(input)
    if not _native.is_floating(dt):
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: "
                           f"{T._SCALAR_TYPE_NAMES[dt]}")
    n = T._static_int(num_samples, "num_samples")
    if n <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    cats = T._static_size(input, input.dim() - 1)
    if not replacement and cats is not None and n > cats:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    w = input if input.dim() == 2 else T._unsqueeze_axes(input, [0])
    if dt != _native.float64:
        w = T._to(w, _f32)
    logw = onnx.Log(w)
    if replacement:
        keys = T.expand(T._unsqueeze_axes(logw, [1]), [w.size(0), n, w.size(1)])
        idx = onnx.ArgMax(onnx.Add(keys, _gumbel(keys)), axis=2, keepdims=0)
    else:
        import torch._reduce as R
        idx = R.topk(onnx.Add(logw, _gumbel(logw)), n, 1).indices
    return idx if input.dim() == 2 else T._squeeze_axes(idx, [0])


def normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None):
    if size is not None:
        return T.add(T.mul(randn(size, dtype=dtype), std), mean)
    if _native.is_tensor(mean):
        return T.add(T.mul(randn_like(mean), std), mean)
    return T.add(T.mul(randn_like(std), std), mean)


def poisson(input, generator=None):
    return T._error("poisson() is not supported yet")
