# torch.nn.utils.rnn: packed sequences (torch/nn/_packed.ts).
from torch.nn._packed import (
    PackedSequence, invert_permutation, pack_padded_sequence, pad_packed_sequence, pad_sequence,
    unpad_sequence, pack_sequence, unpack_sequence,
)
