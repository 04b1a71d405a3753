# Error case: batchnorm train one value.
# tsc2onnx: --input x:float32[1,3]
import torch
import torch.nn as nn
import torch.nn.functional as F

class M(nn.Module):
    def forward(self, x):
        return F.batch_norm(x, None, None, training=True)
