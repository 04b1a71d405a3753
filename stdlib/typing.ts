# typing: annotations are checked by the compiler from their syntax, so the
# names only need to exist and be subscriptable.


class _SpecialForm:
    def __init__(self, name):
        self._name = name

    def __getitem__(self, params):
        return _GenericAlias(self, params if isinstance(params, tuple) else (params,))

    def __call__(self, *args, **kwargs):
        return args[0] if len(args) == 1 else None


class _GenericAlias:
    def __init__(self, origin, args):
        self.__origin__ = origin
        self.__args__ = args

    def __getitem__(self, params):
        return _GenericAlias(self.__origin__, params if isinstance(params, tuple) else (params,))


Any = _SpecialForm("Any")
List = _SpecialForm("List")
Tuple = _SpecialForm("Tuple")
Dict = _SpecialForm("Dict")
Optional = _SpecialForm("Optional")
Union = _SpecialForm("Union")
Callable = _SpecialForm("Callable")
Type = _SpecialForm("Type")
Sequence = _SpecialForm("Sequence")
Iterable = _SpecialForm("Iterable")
Iterator = _SpecialForm("Iterator")
Mapping = _SpecialForm("Mapping")
Final = _SpecialForm("Final")
ClassVar = _SpecialForm("ClassVar")
Literal = _SpecialForm("Literal")
NamedTuple = _SpecialForm("NamedTuple")
IO = _SpecialForm("IO")
BinaryIO = _SpecialForm("BinaryIO")
TextIO = _SpecialForm("TextIO")
TYPE_CHECKING = False


def cast(typ, val):
    return val


def overload(fn):
    return fn


def no_type_check(fn):
    return fn


def TypeVar(name, *constraints, **kwargs):
    return _SpecialForm(name)
