# nn.RNNCell (tanh, relu), nn.LSTMCell, nn.GRUCell: with and without a
# state, with and without bias, batched and unbatched, and an LSTMCell
# stepped over a sequence (a loop known while compiling).
# tsc2onnx: --dynamic x:0=N --dynamic h:0=N --dynamic c:0=N --dynamic seq:1=N
# example: x=randn(3,5) h=randn(3,4) c=randn(3,4) u=randn(5) uh=randn(4) seq=randn(6,3,5)
# inputs: x=randn(1,5) h=randn(1,4) c=randn(1,4) u=randn(5) uh=randn(4) seq=randn(6,1,5)
# opsets: 9 17
import torch
import torch.nn as nn


class Cells(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNNCell(5, 4)
        self.rnn_relu = nn.RNNCell(5, 4, nonlinearity="relu", bias=False)
        self.lstm = nn.LSTMCell(5, 4)
        self.lstm_nb = nn.LSTMCell(5, 4, bias=False)
        self.gru = nn.GRUCell(5, 4)
        self.gru_nb = nn.GRUCell(5, 4, bias=False)

    def forward(self, x, h, c, u, uh, seq):
        outs = [self.rnn(x), self.rnn(x, h), self.rnn_relu(x), self.rnn_relu(x, h), self.rnn(u, uh)]
        outs += list(self.lstm(x)) + list(self.lstm(x, (h, c))) + list(self.lstm_nb(x, (h, c)))
        outs += list(self.lstm_nb(x)) + list(self.lstm(u, (uh, uh)))
        outs += [self.gru(x), self.gru(x, h), self.gru_nb(x), self.gru_nb(x, h), self.gru(u), self.gru(u, uh)]
        state = self.lstm(seq[0])
        steps = [state[0]]
        for t in range(1, seq.size(0)):
            state = self.lstm(seq[t], state)
            steps.append(state[0])
        outs.append(torch.stack(steps))
        outs.append(state[1])
        return tuple(outs)
