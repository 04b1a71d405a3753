# copy: shallow and deep copies, with Python's semantics (the memo of
# shared references, __copy__ / __deepcopy__, __getstate__ / __setstate__);
# the work is done in the compiler (sema/native/copy.c).
import _native

__all__ = ["Error", "copy", "deepcopy"]


class Error(Exception):
    pass


error = Error


def copy(x):
    return _native.shallow_copy(x)


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    return _native.deepcopy(x, memo)
