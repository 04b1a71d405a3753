# torchaudio's Tacotron2.infer, the installed package's own source, small:
# the decoder's `for _ in range(decoder_max_step)` appends a frame per step
# and leaves with `if self.decoder_early_stopping and torch.all(finished):
# break`, then torch.cat of the lists.  The part of the loop after the first
# iteration is one ONNX Loop; the input sets stop the decoder at different
# steps (or not at all).
# tsc2onnx: --dynamic tokens:1=T
# example: tokens=[[1,5,3,7,2,9,4]] lengths=[7]
# inputs: tokens=[[3,3]] lengths=[2]
# inputs: tokens=[[1,2,3,4,5,6,7,8,9,10,11,12]] lengths=[12]
# inputs: tokens=[[19,0,4,11]] lengths=[4]
# opsets: 13 17
# compare: diverges (torch.jit.trace fails)
# tolerance: rtol=1e-3 atol=1e-4
import torch
import torch.nn.functional as F
from torch import nn
from torchaudio.models import Tacotron2


class DeterministicPrenet(nn.Module):
    """Tacotron2's prenet applies dropout even in inference (training=True),
    so its output is random on every run and cannot be compared; this is
    the same layers without the dropout."""

    def __init__(self, prenet):
        super().__init__()
        self.layers = prenet.layers

    def forward(self, x):
        for linear in self.layers:
            x = F.relu(linear(x))
        return x


class Tacotron2Infer(nn.Module):
    def __init__(self):
        super().__init__()
        self.t = Tacotron2(n_symbol=20, n_mels=8, symbol_embedding_dim=16, encoder_embedding_dim=16,
                           encoder_n_convolution=1, encoder_kernel_size=3, decoder_rnn_dim=16,
                           decoder_max_step=24, decoder_dropout=0.0, decoder_early_stopping=True,
                           attention_rnn_dim=16, attention_hidden_dim=8, attention_location_n_filter=4,
                           attention_location_kernel_size=3, attention_dropout=0.0, prenet_dim=8,
                           postnet_n_convolution=1, postnet_kernel_size=3, postnet_embedding_dim=8,
                           gate_threshold=0.5)
        # the stop gate made steep, so that these inputs stop at different
        # steps under the case's seed (its logits, a few hundredths apart,
        # cross 0 at different steps once shifted and scaled)
        self.t.decoder.prenet = DeterministicPrenet(self.t.decoder.prenet)
        with torch.no_grad():
            gate = self.t.decoder.gate_layer
            gate.bias.add_(0.13).mul_(-1000.0)
            gate.weight.mul_(-1000.0)

    def forward(self, tokens, lengths):
        return self.t.infer(tokens, lengths)
