# Every import form.
import a
import a.b.c
import a as b
import a.b as c, d, e.f as g
from a import b
from a.b import c as d, e
from a import (b, c)
from a import (b as c, d,)
from a import *
from . import a
from .. import b
from .a import b
from ..a.b import c
from ... import d
from ....a import e
from .... import f
from . . import g
