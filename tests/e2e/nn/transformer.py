# nn.Transformer, a small encoder-decoder: sequence-first and batch_first,
# the causal mask of generate_square_subsequent_mask (its size known only
# at run time), source and memory masks, key padding masks for source,
# target and memory; norm_first, a "gelu" activation and layer_norm_eps.
# The layers on their own: a callable activation (a function, a module),
# float src_mask and bool memory_mask, a decoder without final norm (its
# clone of a layer built with activation=nn.GELU() applies relu: PyTorch's
# TransformerDecoderLayer.__setstate__, which deepcopy calls).
# The batch_first model has an odd number of heads, so its encoder takes
# the ordinary path (transformer_nested.py has the nested-tensor one).
# tsc2onnx: --dynamic src:0=S --dynamic src:1=N --dynamic tgt:0=T --dynamic tgt:1=N --dynamic src_kpm:0=N --dynamic src_kpm:1=S --dynamic tgt_kpm:0=N --dynamic tgt_kpm:1=T --dynamic bsrc:0=N --dynamic bsrc:1=S --dynamic btgt:0=N --dynamic btgt:1=T --dynamic smask:0=S --dynamic smask:1=S --dynamic mmask:0=T --dynamic mmask:1=S
# example: src=randn(5,2,8) tgt=randn(4,2,8) src_kpm=[[False,False,False,False,True],[False,False,False,False,False]] tgt_kpm=[[False,False,False,False],[False,False,True,True]] bsrc=randn(2,5,6) btgt=randn(2,4,6) smask=randn(5,5) mmask=[[False,True,False,False,True],[False,False,False,False,False],[True,True,True,True,False],[False,False,True,False,False]]
# inputs: src=randn(3,3,8) tgt=randn(6,3,8) src_kpm=[[False,False,True],[False,False,False],[False,True,True]] tgt_kpm=[[False,False,False,False,False,True],[False,False,False,False,False,False],[False,True,True,True,True,True]] bsrc=randn(3,3,6) btgt=randn(3,6,6) smask=randn(3,3) mmask=[[False,True,False],[False,False,False],[True,True,False],[False,False,True],[True,False,True],[False,True,True]]
# opsets: 11 17
import torch
import torch.nn as nn


class EncoderDecoder(nn.Module):
    """The layers on their own: a callable activation, src_mask and
    memory_mask (float and bool), a decoder without a final norm."""
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, activation=torch.tanh)
        self.encoder = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(8))
        dlayer = nn.TransformerDecoderLayer(8, 4, dim_feedforward=16, activation=nn.GELU(), norm_first=True)
        self.decoder = nn.TransformerDecoder(dlayer, 1)

    def forward(self, src, tgt, smask, mmask):
        memory = self.encoder(src, mask=smask)
        return self.decoder(tgt, memory, memory_mask=mmask), memory


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=2, num_decoder_layers=2,
                                    dim_feedforward=16, dropout=0.1)
        self.model_bf = nn.Transformer(d_model=6, nhead=3, num_encoder_layers=1, num_decoder_layers=2,
                                       dim_feedforward=12, activation="gelu", batch_first=True,
                                       norm_first=True, layer_norm_eps=1e-3)
        self.parts = EncoderDecoder()

    def forward(self, src, tgt, src_kpm, tgt_kpm, bsrc, btgt, smask, mmask):
        causal = nn.Transformer.generate_square_subsequent_mask(tgt.size(0))
        out = self.model(src, tgt, tgt_mask=causal, src_key_padding_mask=src_kpm,
                         tgt_key_padding_mask=tgt_kpm, memory_key_padding_mask=src_kpm)
        plain = self.model(src, tgt)
        causal_bf = self.model_bf.generate_square_subsequent_mask(btgt.size(1))
        out_bf = self.model_bf(bsrc, btgt, tgt_mask=causal_bf, src_key_padding_mask=src_kpm,
                               memory_key_padding_mask=src_kpm)
        return (out, plain, out_bf) + self.parts(src, tgt, smask, mmask)
