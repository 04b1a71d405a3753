# A decoder sharing the embedding's weight (weight tying, as in the
# word-level language model with tie_weights=True): the state_dict holds
# both names for one tensor; a GRU core, a plain tanh RNN and a
# ReLU RNN over the same embedding.
# tsc2onnx: --dynamic tokens:0=L --dynamic tokens:1=N
# example: tokens=rand(6,2):int64
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: tokens=rand(3,4):int64
# opsets: 11 17
import torch
import torch.nn as nn
import torch.nn.functional as F


class TiedModel(nn.Module):
    def __init__(self, ntoken: int = 10, size: int = 8):
        super().__init__()
        self.encoder = nn.Embedding(ntoken, size)
        self.gru = nn.GRU(size, size, 2)
        self.rnn = getattr(nn, "RNN")(size, size, nonlinearity="relu")
        self.rnn_tanh = nn.RNN(size, size, 1, bias=False)
        self.decoder = nn.Linear(size, ntoken)
        self.decoder.weight = self.encoder.weight

    def forward(self, tokens):
        emb = self.encoder(tokens)
        out, h = self.gru(emb)
        out2, h2 = self.rnn(out)
        out3, h3 = self.rnn_tanh(out2)
        return F.log_softmax(self.decoder(out3), dim=-1), h, h2, h3
