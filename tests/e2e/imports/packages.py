# The model's own packages, imported as Python imports them: a package's
# __init__, submodules, relative imports (.. and ..util), `import a.b.c as
# d`, `from pkg import submodule`, and a star import that follows __all__.
# example: x=randn(2,4)
# inputs: x=randn(3,4)
# tsc2onnx: --dynamic x:0=N
import torch
import torch.nn as nn

import _mypkg.layers.blocks as blocks
from _mypkg import util, scale
from _mypkg.layers import *


class Packages(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = make_block(4)
        self.b = blocks.Block(4)
        self.c = Block(4)
        self.k = util.FACTOR + (1.0 if "PUBLIC_BUT_NOT_LISTED" in globals() else 0.0)

    def forward(self, x):
        return scale(self.c(self.b(self.a(x))), self.k)
