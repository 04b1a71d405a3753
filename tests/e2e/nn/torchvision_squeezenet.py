# torchvision's own SqueezeNet 1.1 state_dict loads into examples/squeezenet.ts
# (every name and shape must match; the compiler rejects missing and
# unexpected weights) and the two agree: PyTorch builds torchvision's
# model, tsc2onnx the example's.  torch.jit.is_scripting() is True in
# tsc2onnx and False in PyTorch eager.
# tsc2onnx: -I ../../../examples --entry build --dynamic x:0=N
# example: x=randn(1,3,70,70)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,3,70,70)
# opsets: 17
import torch
from squeezenet import SqueezeNet


def build():
    if torch.jit.is_scripting():
        return SqueezeNet("1_1")
    import torchvision
    return torchvision.models.squeezenet1_1()
