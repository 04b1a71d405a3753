# torchvision's own ResNet-18 state_dict loads into examples/resnet.ts
# (every name and shape must match; the compiler rejects missing and
# unexpected weights) and the two agree: PyTorch builds torchvision's
# model, tsc2onnx the example's: the compiler's own module `tsc2onnx`
# imports only there (PyTorch raises ImportError).
# tsc2onnx: -I ../../../examples --entry build --dynamic x:0=N
# example: x=randn(1,3,64,64)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(2,3,64,64)
# opsets: 17
from resnet import resnet18


def build():
    try:
        import tsc2onnx  # noqa: F401
    except ImportError:
        import torchvision
        return torchvision.models.resnet18()
    return resnet18()
