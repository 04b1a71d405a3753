# __all__ decides what `from _mypkg.layers import *` binds.
from .blocks import Block

__all__ = ["make_block", "Block"]
_PRIVATE = 7.0
PUBLIC_BUT_NOT_LISTED = 5.0


def make_block(n):
    return Block(n)
