# torch.nn.modules.transformer: the classes PyTorch defines in that module,
# the same objects as torch.nn's.
from torch.nn._transformer import (
    Transformer, TransformerEncoder, TransformerDecoder, TransformerEncoderLayer,
    TransformerDecoderLayer, _get_clones, _get_activation_fn,
)
