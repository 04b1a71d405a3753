# The SumModule of PyTorch's torch.onnx.export documentation, exported with
# dynamic axes: x's first axis named by hand, the output's by its name.
import torch


class SumModule(torch.nn.Module):
    def forward(self, x):
        return torch.sum(x, dim=1)
