# abc: abstract base classes.  ABCMeta records a class's abstract methods
# in __abstractmethods__ (instantiating a class that still has some raises
# TypeError, in object.__new__), and answers isinstance and issubclass from
# the class's __subclasshook__, its registered virtual subclasses and its
# subclasses, as Python's ABCMeta does.

__all__ = ["ABCMeta", "ABC", "abstractmethod", "abstractclassmethod", "abstractstaticmethod",
           "abstractproperty", "get_cache_token", "update_abstractmethods"]


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def abstractclassmethod(callable):
    callable.__isabstractmethod__ = True
    return classmethod(callable)


def abstractstaticmethod(callable):
    callable.__isabstractmethod__ = True
    return staticmethod(callable)


def abstractproperty(fget):
    fget.__isabstractmethod__ = True
    return property(fget)


def _abstract_names(cls, namespace, bases):
    abstracts = set()
    for name, value in namespace.items():
        if getattr(value, "__isabstractmethod__", False):
            abstracts.add(name)
    for base in bases:
        for name in getattr(base, "__abstractmethods__", ()):
            value = getattr(cls, name, None)
            if getattr(value, "__isabstractmethod__", False):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _abstract_names(cls, namespace, bases)
        cls._abc_registry = []
        cls._abc_subclasses = []
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        hook = getattr(cls, "__subclasshook__", None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        if cls in subclass.__mro__:
            return True
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                return True
        for scls in cls._abc_subclasses:
            if issubclass(subclass, scls):
                return True
        return False


class ABC(metaclass=ABCMeta):
    __slots__ = ()


def get_cache_token():
    return 0


def update_abstractmethods(cls):
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    cls.__abstractmethods__ = _abstract_names(cls, cls.__dict__, cls.__bases__)
    return cls
