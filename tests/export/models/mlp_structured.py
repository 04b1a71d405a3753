# The MLP of PyTorch's ONNX exporter documentation: a tensor, a dict and a
# list input, joined with torch.cat and run through five Linear layers.
import torch
import torch.nn as nn


class MLPModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc0 = nn.Linear(8, 8, bias=True)
        self.fc1 = nn.Linear(8, 4, bias=True)
        self.fc2 = nn.Linear(4, 2, bias=True)
        self.fc3 = nn.Linear(2, 2, bias=True)
        self.fc_combined = nn.Linear(8 + 8 + 8, 8, bias=True)

    def forward(self, tensor_x: torch.Tensor, input_dict: dict, input_list: list):
        dict_tensor = input_dict["tensor_x"]
        list_tensor = input_list[0]
        combined = torch.cat([tensor_x, dict_tensor, list_tensor], dim=1)
        combined = torch.sigmoid(self.fc_combined(combined))
        combined = torch.sigmoid(self.fc0(combined))
        combined = torch.sigmoid(self.fc1(combined))
        combined = torch.sigmoid(self.fc2(combined))
        return self.fc3(combined)
