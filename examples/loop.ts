# LoopModel2 from the PyTorch documentation on exporting models with
# control flow: a for loop whose trip count is a run-time input.  It
# becomes one ONNX Loop; x + i adds the loop index in every iteration, so
# with ones(2,3) and y = 9 every element is 1 + (0 + 1 + ... + 8) = 37.
#
# tsc2onnx: --dynamic x:0=N --dynamic x:1=M
# example: x=ones(2,3) y=9
# inputs: x=ones(2,3) y=0
# inputs: x=ones(2,3) y=1
# inputs: x=randn(4,5) y=100
# opsets: 11 15 17
# compare: diverges
import torch
import torch.nn as nn


class LoopModel2(nn.Module):
    def forward(self, x, y):
        for i in range(int(y)):
            x = x + i
        return x


# The test bench also runs this model with these option sets:
# variants: --opset 8 | --trace --keep-initializers-as-inputs | --trace --opset 8 | --unroll-limit 0 | --no-optimize
