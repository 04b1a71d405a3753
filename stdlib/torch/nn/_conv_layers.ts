# torch.nn: convolution, pooling, padding and resizing modules, with
# PyTorch's parameter names, shapes and default initialization.
import math
import _native
import torch
import torch.nn.functional as F
import torch.nn.init as init
import torch.nn._ops as O
from torch.nn import Module, Parameter


def _reverse_repeat(t):
    """(a, b) -> [b, b, a, a]: F.pad's order for a per-axis padding."""
    out = []
    for x in reversed(list(t)):
        out.append(x)
        out.append(x)
    return out


# ---- convolutions -------------------------------------------------------------------

class _ConvNd(Module):
    def __init__(self, n, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                 output_padding, groups, bias, padding_mode, dtype=None):
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        kernel_size = tuple(O.ntuple(kernel_size, n, "kernel_size"))
        stride = tuple(O.ntuple(stride, n, "stride"))
        dilation = tuple(O.ntuple(dilation, n, "dilation"))
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"Invalid padding string '{padding}', should be one of {{'same', 'valid'}}")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        else:
            padding = tuple(O.ntuple(padding, n, "padding"))
        if padding_mode not in ("zeros", "reflect", "replicate", "circular"):
            raise ValueError(f"padding_mode must be one of ['zeros', 'reflect', 'replicate', 'circular'], "
                             f"but got padding_mode='{padding_mode}'")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = tuple(O.ntuple(output_padding, n, "output_padding"))
        self.groups = groups
        self.padding_mode = padding_mode
        if isinstance(padding, str):
            rev = [0, 0] * n
            if padding == "same":
                for i in range(n):
                    total = dilation[i] * (kernel_size[i] - 1)
                    j = n - 1 - i
                    rev[2 * j] = total // 2
                    rev[2 * j + 1] = total - total // 2
            self._reversed_padding_repeated_twice = rev
        else:
            self._reversed_padding_repeated_twice = _reverse_repeat(padding)
        if transposed:
            shape = (in_channels, out_channels // groups) + kernel_size
        else:
            shape = (out_channels, in_channels // groups) + kernel_size
        self.weight = Parameter(torch.empty(shape, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_channels, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def _conv_forward(self, fn, input, weight, bias):
        n = len(self.kernel_size)
        if self.padding_mode != "zeros":
            padded = F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode)
            return fn(padded, weight, bias, self.stride, [0] * n, self.dilation, self.groups)
        return fn(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)


class Conv1d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode="zeros", device=None, dtype=None):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, dilation, False, 0,
                         groups, bias, padding_mode, dtype)

    def forward(self, input):
        return self._conv_forward(F.conv1d, input, self.weight, self.bias)


class Conv2d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode="zeros", device=None, dtype=None):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, dilation, False, 0,
                         groups, bias, padding_mode, dtype)

    def forward(self, input):
        return self._conv_forward(F.conv2d, input, self.weight, self.bias)


class Conv3d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode="zeros", device=None, dtype=None):
        super().__init__(3, in_channels, out_channels, kernel_size, stride, padding, dilation, False, 0,
                         groups, bias, padding_mode, dtype)

    def forward(self, input):
        return self._conv_forward(F.conv3d, input, self.weight, self.bias)


class _ConvTransposeNd(_ConvNd):
    def __init__(self, n, in_channels, out_channels, kernel_size, stride, padding, output_padding, groups,
                 bias, dilation, padding_mode, dtype):
        if padding_mode != "zeros":
            raise ValueError(f"Only \"zeros\" padding mode is supported for {type(self).__name__}")
        super().__init__(n, in_channels, out_channels, kernel_size, stride, padding, dilation, True,
                         output_padding, groups, bias, padding_mode, dtype)

    def _output_padding(self, input, output_size):
        if output_size is None:
            return self.output_padding
        n = len(self.kernel_size)
        batched = input.dim() == n + 2
        lead = 2 if batched else 1
        output_size = list(output_size)
        if len(output_size) == lead + n:
            output_size = output_size[lead:]
        if len(output_size) != n:
            raise ValueError(f"ConvTranspose{n}D: for {input.dim()}D input, output_size must have {n} or "
                             f"{lead + n} elements (got {len(output_size)})")
        out = []
        for d in range(n):
            size = O.static_dims(input, [d + lead], f"ConvTranspose{n}d with output_size")[0]
            lo = ((size - 1) * self.stride[d] - 2 * self.padding[d] + self.dilation[d] * (self.kernel_size[d] - 1) + 1)
            hi = lo + self.stride[d] - 1
            if output_size[d] < lo or output_size[d] > hi:
                raise ValueError(f"requested an output size of {output_size}, but valid sizes range from "
                                 f"{lo} to {hi} (for an input of {_native.shape_text(input)})")
            out.append(output_size[d] - lo)
        return out


class ConvTranspose1d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        super().__init__(1, in_channels, out_channels, kernel_size, stride, padding, output_padding, groups,
                         bias, dilation, padding_mode, dtype)

    def forward(self, input, output_size=None):
        return F.conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding,
                                  self._output_padding(input, output_size), self.groups, self.dilation)


class ConvTranspose2d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        super().__init__(2, in_channels, out_channels, kernel_size, stride, padding, output_padding, groups,
                         bias, dilation, padding_mode, dtype)

    def forward(self, input, output_size=None):
        return F.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding,
                                  self._output_padding(input, output_size), self.groups, self.dilation)


class ConvTranspose3d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        super().__init__(3, in_channels, out_channels, kernel_size, stride, padding, output_padding, groups,
                         bias, dilation, padding_mode, dtype)

    def forward(self, input, output_size=None):
        return F.conv_transpose3d(input, self.weight, self.bias, self.stride, self.padding,
                                  self._output_padding(input, output_size), self.groups, self.dilation)


# ---- pooling -------------------------------------------------------------------------

class _MaxPoolNd(Module):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode


class MaxPool1d(_MaxPoolNd):
    def forward(self, input):
        return F.max_pool1d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class MaxPool2d(_MaxPoolNd):
    def forward(self, input):
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class MaxPool3d(_MaxPoolNd):
    def forward(self, input):
        return F.max_pool3d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class AvgPool1d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size = tuple(O.ntuple(kernel_size, 1))
        self.stride = tuple(O.ntuple(stride if stride is not None else kernel_size, 1))
        self.padding = tuple(O.ntuple(padding, 1))
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad)


class AvgPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return F.avg_pool2d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class AvgPool3d(AvgPool2d):
    def forward(self, input):
        return F.avg_pool3d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class _AdaptivePoolNd(Module):
    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices


class AdaptiveAvgPool1d(_AdaptivePoolNd):
    def forward(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_AdaptivePoolNd):
    def forward(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveAvgPool3d(_AdaptivePoolNd):
    def forward(self, input):
        return F.adaptive_avg_pool3d(input, self.output_size)


class AdaptiveMaxPool1d(_AdaptivePoolNd):
    def forward(self, input):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool2d(_AdaptivePoolNd):
    def forward(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool3d(_AdaptivePoolNd):
    def forward(self, input):
        return F.adaptive_max_pool3d(input, self.output_size, self.return_indices)


# ---- padding ---------------------------------------------------------------------------

class _PadNd(Module):
    def __init__(self, n, padding, mode, value=0.0):
        super().__init__()
        self.padding = tuple(O.ntuple(padding, 2 * n, "padding"))
        self.mode = mode
        self.value = value

    def forward(self, input):
        if self.mode == "constant":
            return F.pad(input, self.padding, "constant", self.value)
        return F.pad(input, self.padding, self.mode)


class ReflectionPad1d(_PadNd):
    def __init__(self, padding):
        super().__init__(1, padding, "reflect")


class ReflectionPad2d(_PadNd):
    def __init__(self, padding):
        super().__init__(2, padding, "reflect")


class ReflectionPad3d(_PadNd):
    def __init__(self, padding):
        super().__init__(3, padding, "reflect")


class ReplicationPad1d(_PadNd):
    def __init__(self, padding):
        super().__init__(1, padding, "replicate")


class ReplicationPad2d(_PadNd):
    def __init__(self, padding):
        super().__init__(2, padding, "replicate")


class ReplicationPad3d(_PadNd):
    def __init__(self, padding):
        super().__init__(3, padding, "replicate")


class CircularPad1d(_PadNd):
    def __init__(self, padding):
        super().__init__(1, padding, "circular")


class CircularPad2d(_PadNd):
    def __init__(self, padding):
        super().__init__(2, padding, "circular")


class CircularPad3d(_PadNd):
    def __init__(self, padding):
        super().__init__(3, padding, "circular")


class ConstantPad1d(_PadNd):
    def __init__(self, padding, value):
        super().__init__(1, padding, "constant", value)


class ConstantPad2d(_PadNd):
    def __init__(self, padding, value):
        super().__init__(2, padding, "constant", value)


class ConstantPad3d(_PadNd):
    def __init__(self, padding, value):
        super().__init__(3, padding, "constant", value)


class ZeroPad1d(_PadNd):
    def __init__(self, padding):
        super().__init__(1, padding, "constant", 0.0)


class ZeroPad2d(_PadNd):
    def __init__(self, padding):
        super().__init__(2, padding, "constant", 0.0)


class ZeroPad3d(_PadNd):
    def __init__(self, padding):
        super().__init__(3, padding, "constant", 0.0)


# ---- resizing ----------------------------------------------------------------------------

class Upsample(Module):
    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.size = size
        if isinstance(scale_factor, tuple) or isinstance(scale_factor, list):
            self.scale_factor = tuple(float(f) for f in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor is not None else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                             recompute_scale_factor=self.recompute_scale_factor)


class UpsamplingNearest2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)


class PixelShuffle(Module):
    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)


class Unfold(Module):
    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)


class Fold(Module):
    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding,
                      self.stride)
