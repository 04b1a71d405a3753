# dataclasses as model configuration: fields from annotations (inherited in
# MRO order), defaults and default_factory, __post_init__ with an InitVar,
# frozen (assignment raises FrozenInstanceError), eq and order, fields(),
# asdict(), replace(), field(init=False) and the generated __repr__.
# example: x=randn(1,4)
# opsets: 17
import dataclasses
from dataclasses import InitVar, dataclass, field
from typing import ClassVar, List, Optional

import torch
from torch import nn


@dataclass
class BlockConfig:
    channels: int
    expand: float = 2.0
    kernels: List[int] = field(default_factory=lambda: [3, 5])
    scale: InitVar[float] = 1.0
    hidden: int = field(init=False)
    count: ClassVar[int] = 0

    def __post_init__(self, scale):
        self.hidden = int(self.channels * self.expand * scale)


@dataclass
class StageConfig(BlockConfig):
    depth: int = 2
    name: Optional[str] = None


@dataclass(frozen=True, order=True)
class Version:
    major: int
    minor: int = 0


def fingerprint(s):
    return sum(ord(c) * (i + 1) for i, c in enumerate(s)) % 9973


class DataclassNet(nn.Module):
    def __init__(self, cfg: StageConfig = StageConfig(4, scale=0.5, depth=3)):
        super().__init__()
        self.cfg = cfg
        layers = []
        for _ in range(cfg.depth):
            layers.append(nn.Linear(cfg.channels, cfg.channels))
        self.layers = nn.Sequential(*layers)
        other = dataclasses.replace(cfg, depth=5, scale=1.0)
        d = dataclasses.asdict(other)
        vals = [cfg.hidden, other.hidden, other.depth, len(d), sum(d["kernels"]), float(d["name"] is None),
                len(dataclasses.fields(cfg)), float(dataclasses.is_dataclass(cfg)),
                float(dataclasses.is_dataclass(StageConfig)), float(cfg == StageConfig(4, scale=0.5, depth=3)),
                float(cfg != other), fingerprint(repr(Version(1, 2))), fingerprint(repr(BlockConfig(2)))]
        try:
            Version(1).major = 3
            vals.append(0.0)
        except dataclasses.FrozenInstanceError as e:
            vals.append(fingerprint(str(e)))
        try:
            BlockConfig()
        except TypeError as e:
            vals.append(fingerprint(str(e)))
        try:
            BlockConfig(1, 2.0, [1], 1.0, 5)
        except TypeError as e:
            vals.append(fingerprint(str(e)))
        vs = sorted([Version(2), Version(1, 5), Version(1, 2)])
        vals += [vs[0].minor, float(Version(1) < Version(1, 1)), float(hash(Version(3)) == hash(Version(3)))]
        vals += [f.name == "kernels" and f.default_factory is not dataclasses.MISSING
                 for f in dataclasses.fields(BlockConfig)]
        self.vals = [float(v) for v in vals]

    def forward(self, x):
        return self.layers(x), torch.tensor(self.vals)
