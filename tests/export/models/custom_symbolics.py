# ONNX mappings for custom_foo.py and custom_scaled.py, passed with
# --library (custom_scaled.py also imports it).  Runs only in tsc2onnx.
import onnx
import torch
from tsc2onnx import symbolic


@symbolic("custom_ops::foo_forward")
def foo_forward(input1, input2, attr1: float, attr2: int):
    # a node of a custom domain, typed like its first input
    return onnx.op("custom_domain::Foo", input1, input2, attr1_f=attr1, attr2_i=attr2, _like=input1)


@symbolic("custom_ops::scaled_add")
def scaled_add(a, b, alpha: float):
    # standard operators: ONNX Runtime can run it
    return torch.add(a, onnx.op("Mul", b, alpha))
