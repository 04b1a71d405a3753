# os: the string functions of os.path, and the constants model code reads.
# Nothing here touches the file system or the environment: a compile
# depends on its inputs only.
import os.path as path

sep = "/"
pathsep = ":"
curdir = "."
pardir = ".."
extsep = "."
linesep = "\n"
name = "posix"


def fspath(p):
    if isinstance(p, str):
        return p
    return p.__fspath__()
