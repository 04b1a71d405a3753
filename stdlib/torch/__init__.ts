# torch: the namespace models import.
#
# The functions live in torch._impl, where the builtin names int, float and
# bool keep their Python meaning; this module re-exports them and adds the
# dtype names, some of which (torch.int, torch.float, torch.bool) shadow
# builtins.
import _native
from torch._impl import *
from torch._reduce import *
from torch._reduce import _weight_norm
from torch._index import *
from torch._random import *
from torch._signal import *
from torch._layout import *
from torch._linalg import *
from torch._complex import *
from torch._tensor import Tensor, Size, dtype, CPU as _CPU
from torch._ops import ops
import torch._scalar

float32 = _native.float32
float = _native.float32
float64 = _native.float64
double = _native.float64
float16 = _native.float16
half = _native.float16
bfloat16 = _native.bfloat16
int64 = _native.int64
long = _native.int64
int32 = _native.int32
int = _native.int32
int16 = _native.int16
short = _native.int16
int8 = _native.int8
uint8 = _native.uint8
bool = _native.bool_


class _NoGrad:
    """torch.no_grad(): gradients do not exist in an exported graph."""

    def __enter__(self):
        return None

    def __exit__(self, *args):
        return False

    def __call__(self, fn):
        return fn


def no_grad():
    return _NoGrad()


def inference_mode(mode=True):
    return _NoGrad()


def enable_grad():
    return _NoGrad()


def set_grad_enabled(mode):
    return _NoGrad()


def is_grad_enabled():
    return False


def get_default_dtype():
    return _native.float32


def device(*args, **kwargs):
    return _CPU


def manual_seed(seed):
    return None


def _assert(condition, message):
    """torch._assert: Python's assert, which fx can trace.  A condition
    known while compiling that is false raises AssertionError(message); a
    run-time condition is dropped, as a run-time assert is."""
    assert condition, message


# the distances of torch.nn.functional that torch also exports
from torch.nn._loss import cosine_similarity, pairwise_distance
from torch.nn._conv import conv_tbc
