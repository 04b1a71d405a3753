# Packed sequences: an LSTM encoder over a padded batch of unequal lengths
# (lengths a run-time input), unsorted (enforce_sorted=False) and sorted,
# batch_first, bidirectional and two layers, an initial state, GRU and RNN;
# pad_packed_sequence with padding_value and total_length; the packed
# data and batch_sizes; pad_sequence and pack_sequence; a PackedSequence
# built from a Linear of the packed data; unpack_sequence.
# tsc2onnx: --dynamic x:1=N --dynamic lengths:0=N --dynamic xb:0=N --dynamic h0:1=N --dynamic sorted_lengths:0=N --dynamic xs:1=N
# example: x=randn(5,3,4) lengths=[2,5,3] xb=randn(3,5,4) h0=randn(4,3,6) xs=randn(5,3,4) sorted_lengths=[5,4,1] ys=randn(5,2,4) ylens=[3,5]
# inputs: x=randn(5,4,4) lengths=[5,1,3,5] xb=randn(4,5,4) h0=randn(4,4,6) xs=randn(5,4,4) sorted_lengths=[4,3,3,2] ys=randn(5,2,4) ylens=[4,1]
# opsets: 11 17
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence, pack_sequence
from torch.nn.utils.rnn import PackedSequence, unpack_sequence


class Packed(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 6, num_layers=2, bidirectional=True)
        self.lstm_bf = nn.LSTM(4, 6, batch_first=True)
        self.gru = nn.GRU(4, 6, num_layers=2)
        self.rnn = nn.RNN(4, 6, nonlinearity="relu", bidirectional=True)
        self.proj = nn.Linear(12, 3)

    def forward(self, x, lengths, xb, h0, xs, sorted_lengths, ys, ylens):
        outs = []
        packed = pack_padded_sequence(x, lengths, enforce_sorted=False)
        out, (h, c) = self.lstm(packed)
        padded, lens = pad_packed_sequence(out)
        outs += [padded, lens, h, c]
        out, (h, c) = self.lstm(packed, (h0, h0))
        outs += [pad_packed_sequence(out, padding_value=-1.0, total_length=7)[0], h, c]
        packed_bf = pack_padded_sequence(xb, lengths, batch_first=True, enforce_sorted=False)
        out, (h, c) = self.lstm_bf(packed_bf)
        outs += [pad_packed_sequence(out, batch_first=True)[0], h, c]
        out, h = self.gru(packed)
        outs += [pad_packed_sequence(out)[0], h]
        sorted_packed = pack_padded_sequence(xs, sorted_lengths)
        out, h = self.rnn(sorted_packed)
        outs += [pad_packed_sequence(out)[0], h]
        outs += [packed.data, packed.batch_sizes, packed.sorted_indices, packed.unsorted_indices]
        outs += [sorted_packed.data, sorted_packed.batch_sizes]
        outs.append(pad_sequence([x[:3, 0], x[:, 1], x[:2, 2]], batch_first=True, padding_value=2.0))
        seqs = pack_sequence([x[:, 0], x[:4, 1], x[:2, 2]])
        outs.append(pad_packed_sequence(self.gru(seqs)[0])[0])
        # a layer applied to the packed data, repacked by hand
        out, _ = self.lstm(packed)
        projected = PackedSequence(self.proj(out.data), out.batch_sizes, out.sorted_indices, out.unsorted_indices)
        outs += list(pad_packed_sequence(projected, batch_first=True))
        outs += unpack_sequence(pack_padded_sequence(ys, ylens, enforce_sorted=False))
        return tuple(outs)
