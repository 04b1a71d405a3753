# collections: namedtuple (field names as a string or a list, defaults=,
# _replace, _fields, _asdict, _make) and typing.NamedTuple (class syntax,
# defaults, methods, subclassed) are tuples: indexing, unpacking, len,
# equality, isinstance(x, tuple), a tuple output of forward().
# OrderedDict (move_to_end, popitem(last=), isinstance), defaultdict,
# Counter and deque (maxlen); torchvision's IntermediateLayerGetter pattern.
# example: x=randn(1,3,8,8)
# opsets: 17
from collections import Counter, OrderedDict, defaultdict, deque, namedtuple
from typing import Dict, NamedTuple

import torch
from torch import nn

Shape = namedtuple("Shape", ["channels", "size"], defaults=[8])
Pad = namedtuple("Pad", "left, right top bottom")


class Spec(NamedTuple):
    kernel: int
    stride: int = 1

    def out(self, n):
        return (n - self.kernel) // self.stride + 1


class Spec3(Spec):
    def area(self):
        return self.kernel * self.kernel


class Outputs(NamedTuple):
    features: torch.Tensor
    pooled: torch.Tensor


class IntermediateLayerGetter(nn.ModuleDict):
    def __init__(self, model: nn.Module, return_layers: Dict[str, str]) -> None:
        if not set(return_layers).issubset([name for name, _ in model.named_children()]):
            raise ValueError("return_layers are not present in model")
        orig_return_layers = return_layers
        return_layers = {str(k): str(v) for k, v in return_layers.items()}
        layers = OrderedDict()
        for name, module in model.named_children():
            layers[name] = module
            if name in return_layers:
                del return_layers[name]
            if not return_layers:
                break
        super().__init__(layers)
        self.return_layers = orig_return_layers

    def forward(self, x):
        out = OrderedDict()
        for name, module in self.items():
            x = module(x)
            if name in self.return_layers:
                out_name = self.return_layers[name]
                out[out_name] = x
        return out


class Collections(nn.Module):
    def __init__(self):
        super().__init__()
        backbone = nn.Sequential(OrderedDict([("conv", nn.Conv2d(3, 4, 3)), ("relu", nn.ReLU()),
                                              ("pool", nn.MaxPool2d(2)), ("head", nn.Conv2d(4, 2, 1))]))
        assert isinstance(OrderedDict(), OrderedDict) and isinstance(OrderedDict(), dict)
        self.body = IntermediateLayerGetter(backbone, {"relu": "feat", "pool": "out"})
        s = Shape(4)
        c, n = s
        p = Pad(1, 2, 3, 4)
        spec = Spec(3, stride=2)
        vals = [c, n, len(s), s[1], s.channels, float(s == (4, 8)), float(isinstance(s, tuple)),
                sum(p._replace(top=10)), len(Pad._fields), p._asdict()["bottom"], sum(Shape._make([1, 2])),
                float(Shape._field_defaults == {"size": 8}), spec.out(9), Spec3(4).area(), Spec3(5).stride,
                float(isinstance(Spec3(1), Spec)), float(spec == Spec(3, 2)), float(hash(spec) == hash((3, 2))),
                float(Spec.__annotations__ == {"kernel": int, "stride": int}), sum((1, 2) + tuple(s))]
        od = OrderedDict(a=1, b=2, c=3)
        od.move_to_end("a")
        od.move_to_end("c", last=False)
        k, v = od.popitem()
        k2, v2 = od.popitem(last=False)
        vals += [v * 10 + v2, len(od), float(list(od) == ["b"]),
                 float(OrderedDict(a=1, b=2) != OrderedDict(b=2, a=1)), float(OrderedDict(a=1) == {"a": 1})]
        dd = defaultdict(list)
        for i, w in enumerate(["x", "y", "x", "z", "x"]):
            dd[w].append(i)
        counts = defaultdict(int)
        for w in "mississippi":
            counts[w] += 1
        vals += [sum(dd["x"]), len(dd), counts["s"] * 10 + counts["p"], float("q" not in counts), counts["q"],
                 len(counts)]
        cnt = Counter("abracadabra")
        cnt.update(["a", "z"])
        common = cnt.most_common(2)
        vals += [cnt["a"], cnt["missing"], common[1][1], sum(cnt.values()), (cnt + Counter("aa"))["a"],
                 len(cnt - Counter(a=6)), float(cnt.total() == 13)]
        dq = deque(range(5), maxlen=4)
        dq.append(9)
        dq.appendleft(7)
        dq.rotate(1)
        vals += [sum(dq), dq[0], len(dq), dq.popleft() * 10 + dq.pop(), float(3 in dq)]
        self.vals = [float(v) for v in vals]

    def forward(self, x):
        feats = self.body(x)
        out = Outputs(feats["feat"], feats["out"])
        return out.features, out[1], torch.tensor(self.vals)
