# torchvision's RoIHeads.postprocess_detections with BoxCoder.decode, the
# installed package's own source, over a batch of two images whose numbers
# of proposals are known only at run time (the first n_a proposals are the
# first image's): a linear box head gives class logits and box regressions,
# then decode, split per image with run-time sizes, clip, drop background
# and low scores (torch.where), remove small boxes, batched NMS, keep the
# top detections.  BoxCoder.decode's `if box_sum > 0: reshape` makes a
# tensor whose rank depends on a run-time condition.
# tsc2onnx: --dynamic proposals:0=N
# example: proposals=[[1,2,30,40],[5,5,20,25],[0,0,64,64],[10,12,14,60],[3,3,9,9],[20,10,50,40],[2,30,40,62]]:float32 n_a=4
# inputs: proposals=[[1,2,30,40],[3,3,9,9],[20,10,50,40]]:float32 n_a=1
# inputs: proposals=[[1,2,30,40],[4,4,50,50],[6,1,20,9],[7,7,8,8],[2,30,40,62]]:float32 n_a=4
# inputs: proposals=[[8,8,40,40],[1,1,60,60]]:float32 n_a=0
# opsets: 13 17
# compare: diverges
# tolerance: rtol=1e-4 atol=1e-4
import torch
from torch import nn
from torchvision.models.detection.roi_heads import RoIHeads


class PostProcess(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 3 + 3 * 4)
        # the parts postprocess_detections does not use are left out (None)
        self.heads = RoIHeads(None, None, None, fg_iou_thresh=0.5, bg_iou_thresh=0.5,
                              batch_size_per_image=16, positive_fraction=0.25, bbox_reg_weights=None,
                              score_thresh=0.2, nms_thresh=0.5, detections_per_img=5)

    def forward(self, proposals, n_a: int):
        out = self.head(proposals / 64.0)
        logits, regression = out[:, :3] * 4.0, out[:, 3:]
        a, b = proposals[:n_a], proposals[n_a:]
        boxes, scores, labels = self.heads.postprocess_detections(
            logits, regression, [a, b], [(64, 64), (64, 48)])
        return boxes[0], scores[0], labels[0], boxes[1], scores[1], labels[1]
