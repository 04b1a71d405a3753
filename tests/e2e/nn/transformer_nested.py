# TransformerEncoder's nested-tensor path: in eval mode without gradients,
# a batch_first encoder whose layers allow PyTorch's fast path (even number
# of heads, relu/gelu, not norm_first) runs a padded batch given with
# src_key_padding_mask as a nested tensor, so padded positions come out as
# zeros (then the final norm).  A mask that is not left-aligned takes the
# ordinary path (mask_check); with mask_check=False the first n tokens of
# each sequence are taken for its n unpadded ones.  A float key padding
# mask.  nn.Transformer's encoder too.  Every input set has one unpadded
# sequence: PyTorch 1.13 drops the columns that are padding in every
# sequence (PyTorch 2 and this compiler keep the input's length).
# tsc2onnx: --dynamic x:0=N --dynamic left:0=N --dynamic ragged:0=N --dynamic fleft:0=N --dynamic tgt:0=N
# example: x=randn(3,5,8) tgt=randn(3,4,8) left=[[False,False,False,True,True],[False,False,False,False,False],[False,True,True,True,True]] ragged=[[False,True,False,False,True],[False,False,False,False,False],[True,False,False,False,False]] fleft=[[0.,0.,0.,0.,1.],[0.,0.,0.,0.,0.],[0.,0.,1.,1.,1.]]
# inputs: x=randn(2,5,8) tgt=randn(2,4,8) left=[[False,False,False,False,False],[False,False,True,True,True]] ragged=[[False,False,False,False,False],[False,True,False,True,False]] fleft=[[0.,0.,0.,0.,0.],[0.,1.,1.,1.,1.]]
# opsets: 11 17
import torch
import torch.nn as nn


class Nested(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(8))
        self.unchecked = nn.TransformerEncoder(layer, 1, mask_check=False)
        self.gelu = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 4, 16, activation="gelu", batch_first=True), 1)
        self.model = nn.Transformer(8, 2, 1, 1, 16, batch_first=True)

    def forward(self, x, tgt, left, ragged, fleft):
        return (self.encoder(x, src_key_padding_mask=left), self.encoder(x, src_key_padding_mask=ragged),
                self.unchecked(x, src_key_padding_mask=ragged), self.unchecked(x, src_key_padding_mask=left),
                self.gelu(x, src_key_padding_mask=fleft), self.encoder(x),
                self.model(x, tgt, src_key_padding_mask=left, memory_key_padding_mask=left))
