# A library whose module-level code partly fails: an import of a module
# that is not there, and a statement that uses it.  What does not depend on
# them works.
import numpy_not_here

BROKEN = numpy_not_here.zeros(3)


def working(x):
    return x + 1
