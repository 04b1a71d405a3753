# nn.Module's traversal and registration API as model code calls it while
# the model is built (torch/nn/modules/module.py): apply (children first),
# modules and named_modules (memo, prefix, remove_duplicate), children and
# named_children (a module under two names listed once), parameters and
# buffers (a shared parameter listed once), get_submodule, get_parameter
# and get_buffer with their errors, state_dict's keys (a shared parameter
# under each name, a non-persistent buffer under none), register_module,
# train/eval/requires_grad_ returning self, zero_grad returning None,
# extra_repr and __repr__.  What the build-time code computes ends up in a
# non-persistent buffer (not in the state_dict, so the compiler computes
# it rather than loading it) that forward() returns.
# example: x=randn(2,4)
# variants: --no-optimize | --trace --keep-initializers-as-inputs
# inputs: x=randn(3,4)
# tsc2onnx: --dynamic x:0=N
import torch
import torch.nn as nn


def code(names):
    """A number for a list of strings: order and spelling both count."""
    return float(sum((i + 1) * sum(ord(c) for c in name) for i, name in enumerate(names)))


class Seen:
    """A memo for named_modules, which only calls `in` and add()."""

    def __init__(self, items):
        self.items = list(items)

    def __contains__(self, m):
        return any(x is m for x in self.items)

    def add(self, m):
        self.items.append(m)


class Tag(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def extra_repr(self):
        return "k={}".format(self.k)

    def forward(self, x):
        return x * self.k


class Block(nn.Module):
    def __init__(self, shared):
        super().__init__()
        self.proj = shared
        self.norm = nn.LayerNorm(4)
        self.register_buffer("scale", torch.full((4,), 0.5))
        self.register_buffer("cache", torch.zeros(4), persistent=False)

    def forward(self, x):
        return self.norm(self.proj(x)) * self.scale + self.cache


class Outer(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.act = nn.Identity()

    def forward(self, x):
        return self.act(self.inner(x))


class ModuleApi(nn.Module):
    def __init__(self):
        super().__init__()
        shared = nn.Linear(4, 4)
        self.blocks = nn.ModuleList([Block(shared), Block(shared)])
        self.act = nn.ReLU()
        self.alias = self.act                       # one module, two names
        self.tag = Tag(2)
        self.register_module("head", nn.Linear(4, 3))
        self.gain = nn.Parameter(torch.ones(3))
        self.register_parameter("unused", None)
        stats = []
        visited = []
        stats.append(float(self.apply(lambda m: visited.append(type(m).__name__)) is self))
        stats.append(code(visited))
        stats.append(float(len(list(self.modules()))))
        stats.append(code([n for n, _ in self.named_modules()]))
        stats.append(code([n for n, _ in self.named_modules(prefix="net", remove_duplicate=False)]))
        stats.append(code([n for n, _ in self.named_modules(memo=Seen([self.act, shared]))]))
        stats.append(code([n for n, _ in self.named_children()]))
        stats.append(float(len(list(self.children()))))
        stats.append(code([n for n, _ in self.named_parameters()]))
        stats.append(float(len(list(self.parameters()))))
        stats.append(code([n for n, _ in self.named_parameters(prefix="p", recurse=False)]))
        stats.append(code([n for n, _ in self.named_buffers()]))
        stats.append(float(len(list(self.blocks[0].buffers()))))
        stats.append(code(list(self.state_dict().keys())))
        stats.append(code(list(self.blocks.state_dict(prefix="b.").keys())))
        stats.append(float(self.get_submodule("blocks.1.norm") is self.blocks[1].norm))
        stats.append(float(self.get_submodule("") is self))
        stats.append(float(self.get_parameter("blocks.0.proj.bias") is shared.bias))
        stats.append(float(self.get_buffer("blocks.1.scale").shape[0]))
        stats.append(self.error_code(lambda: self.get_submodule("blocks.2")))
        stats.append(self.error_code(lambda: self.get_submodule("tag.k")))
        stats.append(self.error_code(lambda: self.get_parameter("blocks.0.scale")))
        stats.append(self.error_code(lambda: self.get_buffer("head.weight")))
        stats.append(float(self.train() is self) + float(self.eval() is self))
        stats.append(float(self.requires_grad_(False) is self))
        stats.append(float(self.zero_grad() is None))
        stats.append(float(self.training) + float(self.blocks[1].norm.training))
        stats.append(code([self.tag.__repr__()]))
        stats.append(code([Outer(Tag(3)).__repr__()]))
        self.register_buffer("stats", torch.tensor(stats), persistent=False)

    def error_code(self, fn):
        try:
            fn()
        except AttributeError as e:
            return code([str(e)])
        return -1.0

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        y = self.head(self.alias(self.tag(x))) * self.gain
        return y, self.stats + 0.0

