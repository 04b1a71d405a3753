# enum: Enum, IntEnum, StrEnum, auto(); members are unique instances with
# .name and .value, Cls(value) and Cls["NAME"] look them up, iterating the
# class gives them in order (aliases once); values may be tuples (passed to
# __init__) and dataclass instances (as torchvision's *_Weights enums hold
# their weights' metadata); IntEnum members compute as ints.
# example: x=randn(1,3)
# opsets: 17
from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum, auto, unique
from functools import partial

import torch
from torch import nn


class Mode(Enum):
    NEAREST = "nearest"
    LINEAR = "linear"
    ALIAS = "nearest"


class Planet(Enum):
    SMALL = (1.0, 2.0)
    LARGE = (3.0, 4.0)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def density(self):
        return self.mass / self.radius


class Level(IntEnum):
    LOW = auto()
    MID = auto()
    HIGH = 10


class Kind(StrEnum):
    CONV = auto()
    POOL = auto()


@dataclass
class Weights:
    url: str
    transforms: object
    meta: dict


class WeightsEnum(Enum):
    @property
    def url(self):
        return self.value.url

    @property
    def meta(self):
        return self.value.meta


class TinyWeights(WeightsEnum):
    V1 = Weights(url="v1", transforms=partial(max, 3), meta={"acc": 71.5, "params": 12})
    V2 = Weights(url="v2", transforms=partial(max, 4), meta={"acc": 80.25, "params": 12})
    DEFAULT = V2


def fingerprint(s):
    return sum(ord(c) * (i + 1) for i, c in enumerate(s)) % 9973


class Enums(nn.Module):
    def __init__(self, weights=TinyWeights.DEFAULT, mode=Mode.LINEAR):
        super().__init__()
        self.linear = nn.Linear(3, 2)
        self.mode = mode
        vals = [len(Mode), float(Mode.ALIAS is Mode.NEAREST), float(Mode("linear") is Mode.LINEAR),
                float(Mode["NEAREST"] is Mode.NEAREST), fingerprint(Mode.LINEAR.name),
                fingerprint(repr(Mode.LINEAR)), fingerprint(str(Mode.NEAREST)),
                Planet.LARGE.density, Planet((1.0, 2.0)).mass, float(Planet.SMALL.value == (1.0, 2.0)),
                Level.MID, Level.HIGH + 1, [5, 6, 7][Level.MID], float(Level.LOW < Level.MID),
                float(Level(10) is Level.HIGH), fingerprint(f"{Level.MID}"), fingerprint(repr(Level.HIGH)),
                fingerprint(Kind.POOL), float(Kind.CONV == "conv"), fingerprint(Kind.CONV.upper()),
                weights.meta["acc"], fingerprint(weights.url), weights.value.transforms(1),
                float(TinyWeights.DEFAULT is TinyWeights.V2), len(list(TinyWeights)),
                float(TinyWeights(TinyWeights.V1.value) is TinyWeights.V1),
                sum(m.value.meta["params"] for m in TinyWeights),
                fingerprint(",".join(TinyWeights.__members__)), float(isinstance(Mode.NEAREST, Mode)),
                float(Mode.NEAREST in Mode), float(Mode.NEAREST != Mode.LINEAR), float(hash(Level.LOW) == hash(1))]
        try:
            Mode("cubic")
        except ValueError as e:
            vals.append(fingerprint(str(e)))
        try:
            Mode["CUBIC"]
        except KeyError as e:
            vals.append(fingerprint(str(e)))
        try:
            @unique
            class Dup(Enum):
                A = 1
                B = 1
        except ValueError as e:
            vals.append(len(str(e)))
        self.scale = 2.0 if self.mode is Mode.LINEAR else 1.0
        self.vals = [float(v) for v in vals]

    def forward(self, x):
        return self.linear(x) * self.scale, torch.tensor(self.vals)
