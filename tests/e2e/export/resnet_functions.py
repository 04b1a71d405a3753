# ResNet-18 (examples/resnet.ts) with every submodule exported as an ONNX
# local function: BasicBlocks, convolutions, batch norms and the rest, one
# FunctionProto per class and configuration.
# tsc2onnx: -I ../../../examples --entry resnet18 --functions --dynamic x:0=N
# example: x=randn(1,3,64,64)
# inputs: x=randn(2,3,64,64)
# opsets: 15 17
from resnet import resnet18  # noqa: F401
