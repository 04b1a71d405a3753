# torch.nn.modules.rnn: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._rnn import (
    RNNBase, RNN, LSTM, GRU, RNNCellBase, RNNCell, LSTMCell, GRUCell,
)
