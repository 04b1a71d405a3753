# torch.nn.modules: the package PyTorch defines its layers in.  Its classes
# are torch.nn's own (the same objects, so isinstance and identity hold).
from torch.nn.modules.module import *
from torch.nn.modules.container import *
from torch.nn.modules.linear import *
from torch.nn.modules.activation import *
from torch.nn.modules.batchnorm import *
from torch.nn.modules.instancenorm import *
from torch.nn.modules.normalization import *
from torch.nn.modules.dropout import *
from torch.nn.modules.flatten import *
from torch.nn.modules.sparse import *
from torch.nn.modules.conv import *
from torch.nn.modules.pooling import *
from torch.nn.modules.padding import *
from torch.nn.modules.upsampling import *
from torch.nn.modules.pixelshuffle import *
from torch.nn.modules.rnn import *
from torch.nn.modules.transformer import *
