# Recurrent layers: LSTM, GRU and RNN (tanh and relu), one and several
# layers, bidirectional, batch_first, with and without bias, with and
# without initial states, unbatched input; outputs (output, h_n[, c_n]).
# tsc2onnx: --dynamic x:0=L --dynamic x:1=N --dynamic xb:0=N --dynamic xb:1=T --dynamic u:0=U --dynamic h0:1=N --dynamic c0:1=N --dynamic hb:1=N
# example: x=randn(5,2,4) xb=randn(2,6,4) h0=randn(4,2,3) c0=randn(4,2,3) hb=randn(2,2,3) u=randn(7,4) uh=randn(4,3)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,3,4) xb=randn(3,2,4) h0=randn(4,3,3) c0=randn(4,3,3) hb=randn(2,3,3) u=randn(2,4) uh=randn(4,3)
# opsets: 11 15 17
import torch
import torch.nn as nn


class Recurrent(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 3)
        self.lstm_deep = nn.LSTM(4, 3, num_layers=2, bidirectional=True)
        self.lstm_bf = nn.LSTM(4, 3, num_layers=2, batch_first=True, bias=False)
        self.gru = nn.GRU(4, 3, num_layers=2, bidirectional=True)
        self.gru_bf = nn.GRU(input_size=4, hidden_size=3, batch_first=True)
        self.rnn = nn.RNN(4, 3, 2, nonlinearity="relu", bidirectional=True)
        self.rnn_tanh = nn.RNN(4, 3, batch_first=True, bias=False)

    def forward(self, x, xb, h0, c0, hb, u, uh):
        out, (h, c) = self.lstm(x)
        out2, (h2, c2) = self.lstm_deep(x, (h0, c0))
        out3, (h3, c3) = self.lstm_bf(xb, (hb, hb))
        g, gh = self.gru(x, h0)
        gb, gbh = self.gru_bf(xb)
        r, rh = self.rnn(x, h0)
        rt, rth = self.rnn_tanh(xb)
        ul, (uh, uc) = self.lstm_deep(u)
        ug, ugh = self.gru(u, uh)
        return (out, h, c, out2, h2, c2, out3, h3, c3, g, gh, gb, gbh, r, rh, rt, rth, ul, uh, uc, ug, ugh)
