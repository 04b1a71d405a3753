# A custom operator mapped to standard ONNX operators by a module the model
# imports itself (in PyTorch the import fails and is skipped: the operator
# is registered with torch.library there).
import torch
import torch.nn as nn

try:
    import custom_symbolics  # noqa: F401  (registers the @symbolic mappings in tsc2onnx)
except ImportError:
    pass


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, y):
        return torch.relu(torch.ops.custom_ops.scaled_add(self.fc(x), y, 0.5))
