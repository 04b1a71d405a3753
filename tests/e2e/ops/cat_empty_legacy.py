# torch.cat's legacy rule: a 1-D tensor of size 0 is skipped whatever the
# other tensors' rank (torchaudio's Emformer concatenates such
# placeholders); the result type still counts it (int64 + float64 empty
# gives float64).
# example: x=randn(2,3,4)
# inputs: x=randn(3,3,4)
# opsets: 9 11 17
# tsc2onnx: --dynamic x:0=N
import torch
import torch.nn as nn


class CatEmptyLegacy(nn.Module):
    def forward(self, x):
        empty = torch.empty(0)
        a = torch.cat([empty, x, empty], dim=1)
        b = torch.cat([x.long(), torch.zeros(0, dtype=torch.float64)], dim=-1)
        c = torch.cat([empty, empty])
        return a, b, c
