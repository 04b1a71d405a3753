# importlib: import_module, relative names included.
import _native


def import_module(name, package=None):
    if name.startswith("."):
        if package is None:
            raise TypeError(f"the 'package' argument is required to perform a relative import for '{name}'")
        level = 0
        while level < len(name) and name[level] == ".":
            level += 1
        base = package
        for _ in range(level - 1):
            base = base[:max(0, len(base) - 1 - base[::-1].find("."))] if "." in base else ""
        name = base + "." + name[level:] if name[level:] else base
    return _native.import_module(name)
