# copy.copy and copy.deepcopy: lists, dicts, tuples, sets and instances,
# shared references copied once (the memo), __deepcopy__ and __copy__, and
# nn.Module: the transformer's _get_clones makes N independent layers from
# one, each with its own parameters (the weights come from PyTorch's
# state_dict, under the names layers.0 ... layers.2).
# example: x=randn(2,4)
# opsets: 17
import copy

import torch
from torch import nn


class Node:
    def __init__(self, value):
        self.value = value
        self.children = []
        self.parent = None


class Custom:
    def __init__(self, v):
        self.v = v
        self.copied = 0

    def __deepcopy__(self, memo):
        other = Custom(copy.deepcopy(self.v, memo))
        other.copied = self.copied + 1
        memo[id(self)] = other
        return other

    def __copy__(self):
        other = Custom(self.v)
        other.copied = self.copied + 10
        return other


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.linear = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.scale = 0.5
        self.config = {"dim": dim, "tags": ["a"]}

    def forward(self, x):
        return self.norm(self.linear(x)) * self.scale


def _get_clones(module, n):
    return nn.ModuleList([copy.deepcopy(module) for _ in range(n)])


class Copies(nn.Module):
    def __init__(self):
        super().__init__()
        block = Block(4)
        self.layers = _get_clones(block, 3)
        self.layers[1].scale = 2.0
        self.layers[2].config["tags"].append("b")
        vals = [float(self.layers[0].linear is not self.layers[1].linear),
                float(self.layers[0].linear.weight is not block.linear.weight),
                float(isinstance(self.layers[0].linear.weight, nn.Parameter)),
                len(list(self.parameters())), len(block.config["tags"]), len(self.layers[2].config["tags"]),
                block.scale]
        shared = [1, 2]
        data = {"a": shared, "b": shared, "t": (shared, 3), "s": {4, 5}, "f": frozenset([6])}
        deep = copy.deepcopy(data)
        deep["a"].append(9)
        shallow = copy.copy(data)
        shallow["c"] = 0
        vals += [len(shared), len(deep["b"]), float(deep["a"] is deep["b"]), float(deep["t"][0] is deep["a"]),
                 float(shallow["a"] is shared), len(data), float(deep["s"] == {4, 5}), sum(deep["f"]),
                 float(copy.deepcopy((1, "x")) == (1, "x"))]
        root = Node(1)
        child = Node(2)
        child.parent = root
        root.children.append(child)
        root2 = copy.deepcopy(root)
        vals += [float(root2.children[0].parent is root2), float(root2 is not root), root2.children[0].value]
        c = Custom([1])
        vals += [copy.deepcopy(c).copied, copy.copy(c).copied, float(copy.deepcopy([c, c])[1].copied == 1)]
        self.vals = [float(v) for v in vals]

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x, torch.tensor(self.vals)
