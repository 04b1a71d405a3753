# torch.nn.utils: packed sequences for the recurrent layers.
from torch.nn.utils import rnn
from torch.nn.utils.rnn import PackedSequence
