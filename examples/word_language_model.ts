# The RNN language model of the PyTorch examples (word_language_model):
# an embedding, a recurrent core (LSTM, GRU or a plain RNN), dropout, and
# a linear decoder to log-probabilities over the vocabulary; the decoder
# may share the embedding's weight.
#
# forward(input, hidden) takes the LSTM state as one (h, c) tuple; the
# bench gives each model input as a tensor, so it exports LanguageModelStep,
# which passes h and c separately.  The bench runs the documented LSTM
# configuration (200-d embedding, 200 hidden units, 2 layers) over
# wikitext-2's 33278-word vocabulary.
#
# tsc2onnx: --arg 'rnn_type="LSTM"' --arg ntoken=33278 --arg ninp=200 --arg nhid=200 --arg nlayers=2
# tsc2onnx: --dynamic input:0=L --dynamic input:1=N --dynamic h0:1=N --dynamic c0:1=N
# example: input=rand(35,2):int64 h0=randn(2,2,200) c0=randn(2,2,200)
# inputs: input=rand(5,1):int64 h0=randn(2,1,200) c0=randn(2,1,200)
# opsets: 11 15 17
import math

from typing import Tuple, Union

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class RNNModel(nn.Module):
    """Embedding, recurrent core, decoder."""

    def __init__(self, rnn_type, ntoken, ninp, nhid, nlayers, dropout=0.5, tie_weights=False):
        super(RNNModel, self).__init__()
        self.ntoken = ntoken
        self.drop = nn.Dropout(dropout)
        self.encoder = nn.Embedding(ntoken, ninp)
        if rnn_type in ['LSTM', 'GRU']:
            self.rnn = getattr(nn, rnn_type)(ninp, nhid, nlayers, dropout=dropout)
        else:
            try:
                nonlinearity = {'RNN_TANH': 'tanh', 'RNN_RELU': 'relu'}[rnn_type]
            except KeyError as e:
                raise ValueError("rnn_type must be one of 'LSTM', 'GRU', 'RNN_TANH' or 'RNN_RELU'") from e
            self.rnn = nn.RNN(ninp, nhid, nlayers, nonlinearity=nonlinearity, dropout=dropout)
        self.decoder = nn.Linear(nhid, ntoken)

        # weight tying (Press and Wolf, "Using the Output Embedding to
        # Improve Language Models"), which needs nhid == ninp
        if tie_weights:
            if nhid != ninp:
                raise ValueError("tie_weights needs nhid == ninp (the embedding size)")
            self.decoder.weight = self.encoder.weight

        self.init_weights()

        self.rnn_type = rnn_type
        self.nhid = nhid
        self.nlayers = nlayers

    def init_weights(self):
        initrange = 0.1
        nn.init.uniform_(self.encoder.weight, -initrange, initrange)
        nn.init.zeros_(self.decoder.bias)
        nn.init.uniform_(self.decoder.weight, -initrange, initrange)

    # the example leaves 'hidden' unannotated (it is traced, not scripted);
    # tsc2onnx's type check takes an unannotated parameter as a Tensor, as
    # TorchScript does, so the state's type is spelled out
    def forward(self, input: Tensor, hidden: Union[Tensor, Tuple[Tensor, Tensor]]):
        emb = self.drop(self.encoder(input))
        output, hidden = self.rnn(emb, hidden)
        output = self.drop(output)
        decoded = self.decoder(output)
        decoded = decoded.view(-1, self.ntoken)
        return F.log_softmax(decoded, dim=1), hidden

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        if self.rnn_type == 'LSTM':
            return (weight.new_zeros(self.nlayers, bsz, self.nhid),
                    weight.new_zeros(self.nlayers, bsz, self.nhid))
        else:
            return weight.new_zeros(self.nlayers, bsz, self.nhid)


class LanguageModelStep(nn.Module):
    """RNNModel with its LSTM state given as two tensors."""

    def __init__(self, rnn_type="LSTM", ntoken=33278, ninp=200, nhid=200, nlayers=2, dropout=0.2,
                 tie_weights=False):
        super().__init__()
        self.model = RNNModel(rnn_type, ntoken, ninp, nhid, nlayers, dropout, tie_weights)

    def forward(self, input, h0, c0):
        return self.model(input, (h0, c0))


# The test bench also runs this model with these option sets:
# variants: --trace --no-params
