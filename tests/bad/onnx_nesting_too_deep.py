# tsc2onnx: --input 'x:float32[3]'
# 32 run-time ifs inside one another: the ONNX file would nest its messages
# deeper than ONNX readers accept (31 still loads).
import torch
from torch import nn
class M(nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            if x.sum() > 1:
                if x.sum() > 2:
                    if x.sum() > 3:
                        if x.sum() > 4:
                            if x.sum() > 5:
                                if x.sum() > 6:
                                    if x.sum() > 7:
                                        if x.sum() > 8:
                                            if x.sum() > 9:
                                                if x.sum() > 10:
                                                    if x.sum() > 11:
                                                        if x.sum() > 12:
                                                            if x.sum() > 13:
                                                                if x.sum() > 14:
                                                                    if x.sum() > 15:
                                                                        if x.sum() > 16:
                                                                            if x.sum() > 17:
                                                                                if x.sum() > 18:
                                                                                    if x.sum() > 19:
                                                                                        if x.sum() > 20:
                                                                                            if x.sum() > 21:
                                                                                                if x.sum() > 22:
                                                                                                    if x.sum() > 23:
                                                                                                        if x.sum() > 24:
                                                                                                            if x.sum() > 25:
                                                                                                                if x.sum() > 26:
                                                                                                                    if x.sum() > 27:
                                                                                                                        if x.sum() > 28:
                                                                                                                            if x.sum() > 29:
                                                                                                                                if x.sum() > 30:
                                                                                                                                    if x.sum() > 31:
                                                                                                                                        x = x + 1
        return x
