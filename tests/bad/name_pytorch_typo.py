# tsc2onnx: --example 'x=randn(4,3)'
# Names PyTorch does not have: a misspelling of a supported name gets it; one nearer to a PyTorch name tsc2onnx lacks names that one; one as near to two names gets no guess.
import torch
import torch.nn as nn
import torch.nn.functional as F


class M(nn.Module):
    def forward(self, x):
        return torch.sofmax(x, 0), x.sofmax(0), torch.histx(x), torch.cdis(x, x), F.relu7(x), torch.linalg.nrm(x), torch.hist(x)
