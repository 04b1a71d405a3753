# The custom operator example of PyTorch's ONNX documentation: forward()
# calls torch.ops.custom_ops.foo_forward, an operator PyTorch knows from a
# C++ extension; custom_symbolics.py maps it to a node of custom_domain.
import torch


class FooModel(torch.nn.Module):
    def __init__(self, attr1: float = 2.5, attr2: int = 3):
        super().__init__()
        self.attr1 = attr1
        self.attr2 = attr2

    def forward(self, input1, input2):
        return torch.ops.custom_ops.foo_forward(input1, input2, self.attr1, self.attr2)
