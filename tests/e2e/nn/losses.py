# The losses against PyTorch: F.kl_div (every reduction, batchmean,
# log_target, a zero target, legacy size_average/reduce), F.nll_loss (weight,
# ignore_index, the reductions, 1-D, 2-D and 4-D inputs; a mean divides by the
# summed weights of the kept targets), F.cross_entropy (class indices and
# class probabilities, weight, ignore_index, label_smoothing with ATen's
# formula), F.binary_cross_entropy_with_logits (weight, pos_weight, large
# logits), and their modules.
# tsc2onnx: --dynamic x:0=N --dynamic t:0=N
# example: x=randn(4,3) t=zeros(4):int64 p=rand(4,3) z=randn(2,3,2,2) zt=zeros(2,2,2):int64
# inputs: x=[[1.0, 0.0, -2.0], [0.5, 3.0, 100.0]] t=[2, -100]:int64 p=[[0.2, 0.0, 0.8], [1.0, 0.0, 0.0], [0.3, 0.3, 0.4], [0.0, 0.5, 0.5]] z=randn(2,3,2,2) zt=[[[0, 1], [2, 1]], [[-100, 2], [0, 0]]]:int64
# opsets: 11 17
import torch
from torch import nn
import torch.nn.functional as F


class Losses(nn.Module):
    def __init__(self):
        super().__init__()
        self.kl = nn.KLDivLoss(reduction="batchmean", log_target=True)
        self.nll = nn.NLLLoss(weight=torch.tensor([1.0, 2.0, 0.5]), ignore_index=1)
        self.ce = nn.CrossEntropyLoss(reduction="sum", label_smoothing=0.1)
        self.bce = nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0, 1.0, 0.5]))

    def forward(self, x: torch.Tensor, t: torch.Tensor, p: torch.Tensor, z: torch.Tensor, zt: torch.Tensor):
        w = torch.tensor([0.3, 1.0, 2.0])
        lp = F.log_softmax(x, 1)
        q = p[: x.shape[0]]
        tt = t % 3
        return (
            F.kl_div(lp, q), F.kl_div(lp, q, reduction="none"), F.kl_div(lp, q, reduction="sum"),
            F.kl_div(lp, q, reduction="batchmean"), F.kl_div(lp, torch.log(q + 0.1), log_target=True),
            F.kl_div(lp, q, size_average=False), self.kl(lp, torch.log(q + 0.1)),
            F.nll_loss(lp, t), F.nll_loss(lp, t, reduction="none"), F.nll_loss(lp, t, reduction="sum"),
            F.nll_loss(lp, tt, weight=w), F.nll_loss(lp, tt, weight=w, ignore_index=0, reduction="none"),
            F.nll_loss(lp[0], tt[0]), F.nll_loss(z, zt, weight=w), F.nll_loss(z, zt, reduction="none"),
            F.nll_loss(lp, tt, reduce=False), self.nll(lp, tt), F.nll_loss(lp, t.clamp(0, 2) * 0 - 100),
            F.cross_entropy(x, t), F.cross_entropy(x, tt, weight=w, reduction="none"),
            F.cross_entropy(x, t, label_smoothing=0.2), F.cross_entropy(x, tt, weight=w, label_smoothing=0.3),
            F.cross_entropy(x, t, weight=w, label_smoothing=0.3, reduction="none"),
            F.cross_entropy(z, zt, label_smoothing=0.05), F.cross_entropy(z, zt % 3, weight=w, ignore_index=2),
            F.cross_entropy(x, q), F.cross_entropy(x, q, weight=w, reduction="sum"),
            F.cross_entropy(x, q, label_smoothing=0.5, reduction="none"), F.cross_entropy(x[0], tt[0]),
            F.cross_entropy(z, z.softmax(1)), self.ce(x, tt),
            F.binary_cross_entropy_with_logits(x, q), F.binary_cross_entropy_with_logits(x * 100, q, reduction="none"),
            F.binary_cross_entropy_with_logits(x, q, weight=w, pos_weight=w * 2, reduction="sum"),
            F.binary_cross_entropy_with_logits(x, q, pos_weight=w), self.bce(-x * 50, q),
        )
