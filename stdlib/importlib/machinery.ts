# importlib.machinery: what packages read to locate their compiled
# extensions (torchvision's _get_extension_path).  The compiler loads no
# extension: the operators one registers are provided by mappings
# (torch.ops, stdlib/torch/_ops.ts), so a finder reports the extension
# found, at the path CPython would give it, and torch.ops.load_library
# accepts it.
import sys as _sys

EXTENSION_SUFFIXES = [".cpython-" + str(_sys.version_info[0]) + str(_sys.version_info[1]) +
                      "-x86_64-linux-gnu.so", ".abi3.so", ".so"]
SOURCE_SUFFIXES = [".py"]
BYTECODE_SUFFIXES = [".pyc"]


class ModuleSpec:
    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self.has_location = origin is not None


class ExtensionFileLoader:
    def __init__(self, name, path):
        self.name = name
        self.path = path


class SourceFileLoader:
    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path


class FileFinder:
    def __init__(self, path, *loader_details):
        self.path = path
        self._loaders = list(loader_details)

    def find_spec(self, fullname, target=None):
        for loader, suffixes in self._loaders:
            if loader is ExtensionFileLoader and len(suffixes) > 0:
                name = fullname.split(".")[-1]
                origin = self.path + "/" + name + suffixes[0]
                return ModuleSpec(fullname, loader(fullname, origin), origin=origin)
        return None
