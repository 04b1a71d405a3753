# torch.nn.utils: packed sequences for the recurrent layers, weight norm,
# spectral norm,
# parametrizations.
from torch.nn.utils import rnn
from torch.nn.utils.rnn import PackedSequence
from torch.nn.utils.weight_norm import weight_norm, remove_weight_norm
from torch.nn.utils import parametrize
from torch.nn.utils import parametrizations
from torch.nn.utils.spectral_norm import spectral_norm, remove_spectral_norm
