# torch.nn.modules.activation: the classes PyTorch defines in that module, the
# same objects as torch.nn's.
from torch.nn._activation import (
    Threshold, ReLU, RReLU, Hardtanh, ReLU6, Sigmoid, Hardsigmoid, Tanh, SiLU, Mish,
    Hardswish, ELU, CELU, SELU, GLU, GELU, Hardshrink, LeakyReLU, LogSigmoid,
    Softplus, Softshrink, PReLU, Softsign, Tanhshrink, Softmin, Softmax, Softmax2d,
    LogSoftmax,
)
from torch.nn._transformer import MultiheadAttention
