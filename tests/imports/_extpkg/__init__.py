from .fast import thing
