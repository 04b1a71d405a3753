# Normalization layers: BatchNorm1d (N,C) and (N,C,L), BatchNorm2d/3d with
# running statistics (affine and not), a BatchNorm without running stats
# (batch statistics even in eval mode), InstanceNorm1d/2d/3d (with affine,
# with running stats, unbatched), LayerNorm over 1 and 2 axes (and without
# affine), GroupNorm, and the functional forms; LayerNormalization is an
# operator from opset 17, GroupNormalization (per channel) from 21;
# F.batch_norm in training mode (batch statistics).
# tsc2onnx: --entry build --dynamic x2:0=N --dynamic x3:0=N --dynamic x4:0=N --dynamic x5:0=N
# example: x2=randn(2,6) x3=randn(2,6,9) x4=randn(2,6,5,7) x5=randn(2,4,3,4,5) u=randn(6,9)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x2=randn(3,6) x3=randn(3,6,9) x4=randn(3,6,5,7) x5=randn(3,4,3,4,5) u=randn(6,9)
# opsets: 11 15 17 21
import torch
import torch.nn as nn
import torch.nn.functional as F


class Norms(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn1 = nn.BatchNorm1d(6)
        self.bn1_plain = nn.BatchNorm1d(6, affine=False, eps=1e-3)
        self.bn2 = nn.BatchNorm2d(6, momentum=0.3)
        self.bn2_batch = nn.BatchNorm2d(6, track_running_stats=False)
        self.bn3 = nn.BatchNorm3d(4)
        self.in1 = nn.InstanceNorm1d(6, affine=True)
        self.in2 = nn.InstanceNorm2d(6)
        self.in2_stats = nn.InstanceNorm2d(6, affine=True, track_running_stats=True)
        self.in3 = nn.InstanceNorm3d(4, eps=1e-3)
        self.ln = nn.LayerNorm(9)
        self.ln2 = nn.LayerNorm([5, 7], eps=1e-4)
        self.ln_plain = nn.LayerNorm(6, elementwise_affine=False)
        self.gn = nn.GroupNorm(3, 6)
        self.gn_plain = nn.GroupNorm(2, 4, affine=False)

    def forward(self, x2, x3, x4, x5, u):
        return (self.bn1(x2), self.bn1(x3), self.bn1_plain(x3), self.bn2(x4), self.bn2_batch(x4),
                self.bn3(x5), self.in1(x3), self.in2(x4),
                self.in2_stats(x4), self.in3(x5), self.ln(x3), self.ln2(x4), self.ln_plain(x2),
                self.gn(x4), self.gn(x3), self.gn_plain(x5),
                F.layer_norm(x3, (9,), eps=1e-3), F.group_norm(x4, 2),
                F.batch_norm(x4, self.bn2.running_mean, self.bn2.running_var, training=False),
                F.instance_norm(x3), self.in1(u), self.in1(x3),
                # batch statistics in training mode (no running stats to update)
                F.batch_norm(x4, None, None, self.bn2.weight, self.bn2.bias, training=True),
                F.batch_norm(x2, None, None, training=True, eps=1e-3))


def build():
    m = Norms()
    # statistics and affine parameters other than 0 and 1
    for mod in m.modules():
        for name, p in mod.named_parameters(recurse=False):
            nn.init.uniform_(p, 0.5, 1.5)
        for name, b in mod.named_buffers(recurse=False):
            if name == "running_mean":
                nn.init.uniform_(b, -0.5, 0.5)
            elif name == "running_var":
                nn.init.uniform_(b, 0.5, 2.0)
    return m
