# torchvision's weights enums (torchvision/models/_api.py and _utils.py):
# a StrEnum with a metaclass deriving EnumMeta (from_str), WeightsEnum
# members whose values are Weights dataclasses with partial transforms,
# __getattr__ reaching the dataclass's fields, verify() from a string, an
# alias DEFAULT; the model's width comes from the weights' meta.
# example: x=randn(2,4)
# opsets: 17
import enum
from dataclasses import dataclass, fields
from functools import partial
from typing import Any, Callable, Dict

import torch
from torch import nn


class StrEnumMeta(enum.EnumMeta):
    auto = enum.auto

    def from_str(self, member: str):  # type: ignore[no-untyped-def]
        try:
            return self[member]
        except KeyError:
            raise ValueError(f"Unknown value '{member}' for {self.__name__}.") from None


class StrEnum(enum.Enum, metaclass=StrEnumMeta):
    pass


@dataclass
class Weights:
    url: str
    transforms: Callable
    meta: Dict[str, Any]


class WeightsEnum(StrEnum):
    def __init__(self, value: Weights):
        self._value_ = value

    @classmethod
    def verify(cls, obj: Any) -> Any:
        if obj is not None:
            if type(obj) is str:
                obj = cls.from_str(obj.replace(cls.__name__ + ".", ""))
            elif not isinstance(obj, cls):
                raise TypeError(
                    f"Invalid Weight class provided; expected {cls.__name__} but received {obj.__class__.__name__}."
                )
        return obj

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}.{self._name_}"

    def __getattr__(self, name):
        for f in fields(Weights):
            if f.name == name:
                return object.__getattribute__(self.value, name)
        return super().__getattr__(name)


_COMMON_META = {"min_size": (1, 1), "categories": ["a", "b"]}


class ResNet18_Weights(WeightsEnum):
    IMAGENET1K_V1 = Weights(
        url="https://download.pytorch.org/models/resnet18-f37072fd.pth",
        transforms=partial(max, 224),
        meta={**_COMMON_META, "num_params": 11689512, "acc": 69.758},
    )
    DEFAULT = IMAGENET1K_V1


class TorchvisionWeights(nn.Module):
    def __init__(self, weights="ResNet18_Weights.IMAGENET1K_V1"):
        super().__init__()
        weights = ResNet18_Weights.verify(weights)
        num_classes = len(weights.meta["categories"]) + weights.meta["min_size"][0]
        self.fc = nn.Linear(4, num_classes)
        self.scale = weights.transforms(5) / 100 + weights.meta["acc"] / 1000
        self.tag = float(repr(weights) == "ResNet18_Weights.IMAGENET1K_V1" and ResNet18_Weights.DEFAULT is weights
                         and weights.url.endswith(".pth") and ResNet18_Weights.verify(weights) is weights
                         and isinstance(weights, WeightsEnum) and weights.name == "IMAGENET1K_V1")

    def forward(self, x):
        return self.fc(x) * self.scale + self.tag
