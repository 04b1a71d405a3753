# A user package for tests/e2e/imports/packages.py: the package imports
# one of its own submodules and re-exports a name from it.
from .util import scale

VERSION = 2
