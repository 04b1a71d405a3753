# Overrides of a reduction and of an elementwise function (passed with
# --library): each replaces torch.NAME and the Tensor method x.NAME() alike.
import onnx
from tsc2onnx import symbolic


@symbolic("aten::sum")
def sum(input, dim=None, keepdim=False, *, dtype=None):
    return onnx.op("ReduceMax", input, keepdims=0)


@symbolic("aten::exp")
def exp(input):
    return onnx.op("Softplus", input)
