# Classes: bases, keywords, starred bases, nesting.
class A:
    pass


class B():
    x = 1


class C(A, B, metaclass=Meta, **extra):
    class Inner(object):
        """Docstring."""

    def method(self):
        return self


class D(*bases, flag=True,):
    ...
