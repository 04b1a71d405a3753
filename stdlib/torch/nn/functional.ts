# torch.nn.functional over onnx.* operators.
import onnx
import _native
import torch
import torch._impl as T

_OPSET = _native.opset


def linear(input, weight, bias=None):
    x, w = T._promote(input, weight)
    if bias is not None and x.dim() == 2:
        return onnx.Gemm(x, w, T._to(bias, _native.dtype_of(x)), transB=1)
    y = onnx.MatMul(x, onnx.Transpose(w, perm=[1, 0]) if w.dim() == 2 else w)
    if bias is not None:
        y = onnx.Add(y, T._to(bias, _native.dtype_of(y)))
    return y


def relu(input, inplace=False):
    return onnx.Relu(input)


def sigmoid(input):
    return torch.sigmoid(input)


def tanh(input):
    return torch.tanh(input)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return T.softmax(input, dim, dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return T.log_softmax(input, dim, dtype)


def dropout(input, p=0.5, training=True, inplace=False):
    if p < 0 or p > 1:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not training or p == 0:
        return input
    raise NotImplementedError("dropout in training mode is not supported yet (export in eval mode)")
