# torchvision.ops' box functions, compiled from torchvision's own source:
# nms and batched_nms (torch.ops.torchvision.nms as ONNX NonMaxSuppression,
# opset 10; the kept indices by decreasing score, boxes overlapping a kept
# one by IoU > threshold dropped, the threshold itself kept), box_iou,
# clip_boxes_to_image and remove_small_boxes.  batched_nms needs opset 11
# (on more than 4000 box coordinates it loops over torch.unique).  The
# second input set has boxes overlapping by IoU 0.6 and 1/3, a box of zero
# width and boxes outside the image.
# tsc2onnx: --dynamic xy:0=N --dynamic wh:0=N --dynamic scores:0=N --dynamic idxs:0=N
# example: xy=rand(7,2) wh=rand(7,2) scores=rand(7) idxs=[0,1,0,1,2,0,1]:int64
# inputs: xy=[[0.0,0.0],[0.0,0.5],[0.0,0.25],[5.0,5.0],[-1.0,-1.0],[0.1,0.1]] wh=[[1.0,1.0],[1.0,1.0],[1.0,1.0],[0.0,1.0],[3.0,3.0],[0.5,0.5]] scores=[0.9,0.8,0.7,0.95,0.1,0.5] idxs=[0,0,0,1,1,0]:int64
# opsets: 11 17
import torch
import torchvision
from torch import nn


class Boxes(nn.Module):
    def forward(self, xy: torch.Tensor, wh: torch.Tensor, scores: torch.Tensor, idxs: torch.Tensor):
        boxes = torch.cat([xy, xy + wh], dim=1)
        return (
            torchvision.ops.nms(boxes, scores, 0.5),
            torchvision.ops.nms(boxes, scores, 0.1),
            torchvision.ops.batched_nms(boxes, scores, idxs, 0.3),
            torchvision.ops.box_iou(boxes, boxes[:3]),
            torchvision.ops.clip_boxes_to_image(boxes * 3.0 - 1.0, (2, 3)),
            torchvision.ops.remove_small_boxes(boxes, 0.4),
        )
