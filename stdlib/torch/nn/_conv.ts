# torch.nn.functional: convolutions (onnx.Conv, onnx.ConvTranspose) and
# F.pad (onnx.Pad; circular padding as Slice and Concat).
#
# Inputs may be batched (N, C, *spatial) or unbatched (C, *spatial), as in
# PyTorch; an unbatched input gets a batch axis for the operator and loses
# it after.  Padding is always explicit (pads=...), so 'same' convolutions
# pad like PyTorch: the extra element of an odd total goes at the end.
import onnx
import _native
import torch.nn._ops as O
import torch._impl as T

_OPSET = _native.opset


def _batched(input, n, name):
    """(x, unbatched): INPUT with a batch axis, for N spatial dimensions."""
    rank = input.dim()
    if rank == n + 2:
        return input, False
    if rank == n + 1:
        return O.unsqueeze(input, [0]), True
    raise RuntimeError(f"Expected {n + 1}D (unbatched) or {n + 2}D (batched) input to {name}, "
                       f"but got input of size: {_native.shape_text(input)}")


def _unbatch(y, unbatched):
    return O.squeeze(y, [0]) if unbatched else y


def _check_float(input, weight, name):
    dt = _native.dtype_of(input)
    if not _native.is_floating(dt):
        return _native.error(f"{name} on a {dt} input is not supported yet")
    if _native.dtype_of(weight) != dt:
        raise RuntimeError(f"Input type ({dt}) and weight type ({_native.dtype_of(weight)}) should be the same")


def _same_pads(kernel, dilation, stride, name):
    for s in stride:
        if s != 1:
            raise ValueError("padding='same' is not supported for strided convolutions")
    begins = []
    ends = []
    for k, d in zip(kernel, dilation):
        total = d * (k - 1)
        begins.append(total // 2)
        ends.append(total - total // 2)
    return begins + ends


def _conv_pads(padding, kernel, dilation, stride, n, name):
    """ONNX pads (begins then ends) for PyTorch's padding argument."""
    if isinstance(padding, str):
        if padding == "valid":
            return [0] * (2 * n)
        if padding == "same":
            return _same_pads(kernel, dilation, stride, name)
        raise ValueError(f"Invalid padding string '{padding}', should be one of {{'valid', 'same'}}")
    p = O.ntuple(padding, n, "padding")
    for v in p:
        if v < 0:
            raise RuntimeError("negative padding is not supported")
    return p + p


def _conv(n, name, input, weight, bias, stride, padding, dilation, groups):
    x, unbatched = _batched(input, n, name)
    _check_float(x, weight, name)
    if weight.dim() != n + 2:
        raise RuntimeError(f"{name}: expected a {n + 2}D weight, got {_native.shape_text(weight)}")
    kernel = list(weight.shape[2:])
    stride = O.ntuple(stride, n, "stride")
    dilation = O.ntuple(dilation, n, "dilation")
    pads = _conv_pads(padding, kernel, dilation, stride, n, name)
    cin = x.size(1)
    if _native.is_static(cin) and cin != weight.size(1) * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {_native.shape_text(weight)}, expected input"
                           f"{_native.shape_text(input)} to have {weight.size(1) * groups} channels, but got "
                           f"{cin} channels instead")
    y = onnx.Conv(x, weight, bias, dilations=dilation, group=groups, kernel_shape=kernel,
                  pads=pads, strides=stride)
    return _unbatch(y, unbatched)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(1, "conv1d", input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(2, "conv2d", input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(3, "conv3d", input, weight, bias, stride, padding, dilation, groups)


def _conv_transpose(n, name, input, weight, bias, stride, padding, output_padding, groups, dilation):
    x, unbatched = _batched(input, n, name)
    _check_float(x, weight, name)
    if weight.dim() != n + 2:
        raise RuntimeError(f"{name}: expected a {n + 2}D weight, got {_native.shape_text(weight)}")
    if isinstance(padding, str):
        return _native.error(f"{name} with padding='{padding}' is not supported yet")
    kernel = list(weight.shape[2:])
    stride = O.ntuple(stride, n, "stride")
    dilation = O.ntuple(dilation, n, "dilation")
    p = O.ntuple(padding, n, "padding")
    out_pad = O.ntuple(output_padding, n, "output_padding")
    for i in range(n):
        if out_pad[i] >= stride[i] and out_pad[i] >= dilation[i]:
            raise RuntimeError("output padding must be smaller than either stride or dilation, but got "
                               f"output_padding={out_pad[i]}, stride={stride[i]}, dilation={dilation[i]}")
    cin = x.size(1)
    if _native.is_static(cin) and cin != weight.size(0):
        raise RuntimeError(f"Given transposed=1, weight of size {_native.shape_text(weight)}, expected input"
                           f"{_native.shape_text(input)} to have {weight.size(0)} channels, but got {cin} "
                           "channels instead")
    y = onnx.ConvTranspose(x, weight, bias, dilations=dilation, group=groups, kernel_shape=kernel,
                           output_padding=out_pad, pads=p + p, strides=stride)
    return _unbatch(y, unbatched)


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(1, "conv_transpose1d", input, weight, bias, stride, padding, output_padding,
                           groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(2, "conv_transpose2d", input, weight, bias, stride, padding, output_padding,
                           groups, dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(3, "conv_transpose3d", input, weight, bias, stride, padding, output_padding,
                           groups, dilation)


# ---- F.pad ------------------------------------------------------------------------

_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge", "circular": "circular"}


def _pad_circular(x, begins, ends):
    """Wrap-around padding, axis by axis: the last B elements in front, the
    first E behind."""
    y = x
    for axis in range(len(begins)):
        b = begins[axis]
        e = ends[axis]
        if b == 0 and e == 0:
            continue
        if b < 0 or e < 0:
            return _native.error("negative circular padding is not supported yet")
        size = x.size(axis)
        if _native.is_static(size) and (b > size or e > size):
            raise ValueError("Padding value causes wrapping around more than once.")
        parts = []
        if b > 0:
            parts.append(O.slice_axis(y, axis, -b, O.END))
        parts.append(y)
        if e > 0:
            parts.append(O.slice_axis(y, axis, 0, e))
        y = O.concat(parts, axis)
    return y


def pad(input, pad, mode="constant", value=None):
    import torch._complex as C
    if isinstance(input, C.ComplexTensor):
        # every mode pads the two parts alike; a constant fills the real one
        re = _pad_real(input.real, pad, mode, value)
        im = _pad_real(input.imag, pad, mode, None if mode != "constant" else 0.0)
        return C._pair(re, im)
    pad = list(pad)
    rank = input.dim()
    if len(pad) % 2 != 0:
        raise ValueError("Padding length must be divisible by 2")
    if len(pad) // 2 > rank:
        raise ValueError("Padding length should be less than or equal to two times the input dimension "
                         f"but got padding length {len(pad)} and input of dimension {rank}")
    if mode not in _PAD_MODES:
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if mode != "constant" and value is not None and value != 0:
        raise ValueError(f"Padding mode \"{mode}\" doesn't take in value argument")
    begins = [0] * rank
    ends = [0] * rank
    for i in range(len(pad) // 2):
        begins[rank - 1 - i] = pad[2 * i]
        ends[rank - 1 - i] = pad[2 * i + 1]
    if mode == "circular":
        return _pad_circular(input, begins, ends)
    if mode != "constant":
        for i in range(rank):
            if (_native.is_static(begins[i]) and begins[i] < 0) or (_native.is_static(ends[i]) and ends[i] < 0):
                return _native.error(f"negative padding in mode '{mode}' is not supported yet")
            size = input.size(i)
            if mode == "reflect" and _native.is_static(size) and _native.is_static(begins[i]) and \
                    _native.is_static(ends[i]) and (begins[i] >= size or ends[i] >= size):
                raise RuntimeError(f"Argument #4: Padding size should be less than the corresponding "
                                   f"input dimension, but got: padding ({begins[i]}, {ends[i]}) at "
                                   f"dimension {i} of input {_native.shape_text(input)}")
    return O.pad_onnx(input, begins, ends, _PAD_MODES[mode], 0 if value is None else value)


_pad_real = pad   # F.pad itself, under a name its parameter does not hide


def conv_tbc(input, weight, bias, pad=0):
    """torch.conv_tbc: a 1-D convolution over time-batch-channel input
    [T, B, Cin] with weight [K, Cin, Cout]: conv1d of the transposed
    operands, transposed back to [T', B, Cout]."""
    if input.dim() != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if weight.dim() != 3:
        raise RuntimeError("Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.")
    if bias.dim() != 1:
        raise RuntimeError("Bias must be 1-D")
    x = onnx.Transpose(input, perm=[1, 2, 0])
    w = onnx.Transpose(weight, perm=[2, 1, 0])
    return onnx.Transpose(conv1d(x, w, bias, padding=pad), perm=[2, 0, 1])


def _pair_of(v):
    return (v, v) if isinstance(v, int) else tuple(v)


