"""Input values of the end-to-end bench: the `NAME=SPEC` lists of the
`# example:` and `# inputs:` directives, and the arrays they stand for.

    randn(2,3)        standard normal, float32          randn(2,3):float16
    rand(2,3)         uniform [0, 1), float32           rand(4):int64
    ones(2) zeros(2)  float32                           zeros(3):bool
    arange(2,3)       0..5 reshaped, int64 like torch   arange(6):float32
    5  2.5  True      Python literals
    [[1, 2], [3, 4]]  a tensor: bool if all bools, float32 if any float, else int64
    @data/x.npy       a .npy file, relative to the case file

Random values come from numpy's generator seeded by the caller, so a case
sees the same inputs on every machine.  Integer dtypes of randn/rand are not
casts of the float draw (that would be all zeros for rand): randn gives
round(3 * N(0, 1)) (absolute value for unsigned types), rand gives integers
uniform in [0, 10); for bool, randn gives N(0, 1) > 0 and rand a fair coin.

Parsing needs only the standard library; generating needs numpy.
"""
import ast
import os
import re

DTYPES = ("float32", "float64", "float16", "int64", "int32", "int16", "int8",
          "uint8", "bool")
FUNCS = ("randn", "rand", "ones", "zeros", "arange")


class SpecError(ValueError):
    pass


class Spec:
    """One parsed value: kind is 'func', 'literal' or 'file'."""

    def __init__(self, text, kind, func=None, dims=(), dtype=None, value=None,
                 path=None):
        self.text = text
        self.kind = kind
        self.func = func
        self.dims = dims
        self.dtype = dtype
        self.value = value
        self.path = path

    def __repr__(self):
        return "Spec(%r)" % self.text


_NAME = re.compile(r"\s*([A-Za-z_][A-Za-z_0-9]*)\s*=\s*")
_FUNC = re.compile(r"([a-z]+)\((.*)\)$", re.S)
_OPEN, _CLOSE = "([{", ")]}"


def split_assignments(text):
    """'x=randn(2, 3) n=5' -> [('x', 'randn(2, 3)'), ('n', '5')].  A value
    ends at whitespace outside brackets; spaces around '=' are allowed."""
    pairs = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        m = _NAME.match(text, pos)
        if not m:
            raise SpecError("expected NAME=VALUE at '%s'" % text[pos:])
        start = pos = m.end()
        depth = 0
        while pos < len(text) and (depth > 0 or not text[pos].isspace()):
            if text[pos] in _OPEN:
                depth += 1
            elif text[pos] in _CLOSE:
                depth -= 1
                if depth < 0:
                    raise SpecError("unbalanced '%s' in '%s'" % (text[pos], text[start:]))
            pos += 1
        if depth:
            raise SpecError("unclosed bracket in '%s'" % text[start:])
        if pos == start:
            raise SpecError("no value after '%s='" % m.group(1))
        name = m.group(1)
        if any(n == name for n, _ in pairs):
            raise SpecError("'%s' is given twice" % name)
        pairs.append((name, text[start:pos]))
    return pairs


def _split_dtype(text):
    """'randn(2):int32' -> ('randn(2)', 'int32'); the suffix must follow a
    closing bracket or a literal, so '@a:b.npy' keeps its colon."""
    m = re.match(r"(.*[^:]):([a-z0-9]+)$", text, re.S)
    if m and not text.startswith("@"):
        if m.group(2) not in DTYPES:
            raise SpecError("unknown dtype '%s' (expected one of %s)"
                            % (m.group(2), " ".join(DTYPES)))
        return m.group(1), m.group(2)
    return text, None


def parse_spec(text):
    if text.startswith("@"):
        if len(text) == 1:
            raise SpecError("'@' needs a file name")
        return Spec(text, "file", path=text[1:])
    body, dtype = _split_dtype(text)
    m = _FUNC.match(body)
    if m and m.group(1) in FUNCS:
        inner = m.group(2).strip()
        if inner.startswith("[") or inner.startswith("("):
            inner = inner[1:-1]
        dims = []
        for part in inner.split(","):
            part = part.strip()
            if not part:
                continue
            if not re.fullmatch(r"\d+", part):
                raise SpecError("dimension '%s' of '%s' is not a non-negative integer"
                                % (part, text))
            dims.append(int(part))
        return Spec(text, "func", func=m.group(1), dims=tuple(dims), dtype=dtype)
    if m:
        raise SpecError("unknown function '%s' (expected one of %s)"
                        % (m.group(1), " ".join(FUNCS)))
    try:
        value = ast.literal_eval(body)
    except (ValueError, SyntaxError):
        raise SpecError("'%s' is not a Python literal, randn/rand/ones/zeros/arange(dims)"
                        " or @file.npy" % text) from None
    if not _literal_ok(value):
        raise SpecError("'%s': only numbers, booleans and (nested) lists of them" % text)
    return Spec(text, "literal", value=value, dtype=dtype)


def _literal_ok(v):
    if isinstance(v, (bool, int, float)):
        return True
    if isinstance(v, (list, tuple)):
        return all(_literal_ok(x) for x in v)
    return False


def parse_assignments(text):
    """NAME=SPEC list -> [(name, Spec)]."""
    return [(name, parse_spec(spec)) for name, spec in split_assignments(text)]


# --- generation (numpy) -----------------------------------------------------

def _leaves(v):
    if isinstance(v, (list, tuple)):
        for x in v:
            yield from _leaves(x)
    else:
        yield v


def literal_dtype(value):
    leaves = list(_leaves(value))
    if leaves and all(isinstance(x, bool) for x in leaves):
        return "bool"
    if any(isinstance(x, float) for x in leaves):
        return "float32"
    return "int64"


def _random(np, func, dims, dtype, rng):
    if dtype == "bool":
        return (rng.standard_normal(dims) > 0) if func == "randn" else (rng.random(dims) < 0.5)
    if dtype.startswith("float"):
        x = rng.standard_normal(dims) if func == "randn" else rng.random(dims)
        return x.astype(dtype)
    if func == "rand":
        return rng.integers(0, 10, size=dims).astype(dtype)
    x = np.rint(3 * rng.standard_normal(dims))
    if dtype == "uint8":
        x = np.abs(x)
    info = np.iinfo(dtype)
    return np.clip(x, info.min, info.max).astype(dtype)


def make_array(spec, rng, base_dir):
    """The numpy array SPEC stands for.  RNG is a numpy Generator."""
    import numpy as np

    if spec.kind == "file":
        path = os.path.join(base_dir, spec.path)
        try:
            return np.load(path, allow_pickle=False)
        except (OSError, ValueError) as e:
            raise SpecError("cannot load '%s': %s" % (spec.path, e)) from None
    if spec.kind == "literal":
        dtype = spec.dtype or literal_dtype(spec.value)
        try:
            return np.array(spec.value, dtype=dtype)
        except ValueError as e:
            raise SpecError("'%s': %s" % (spec.text, e)) from None
    dims = spec.dims
    if spec.func == "arange":
        n = 1
        for d in dims:
            n *= d
        return np.arange(n, dtype=np.int64).reshape(dims).astype(spec.dtype or "int64")
    dtype = spec.dtype or "float32"
    if spec.func == "ones":
        return np.ones(dims, dtype=dtype)
    if spec.func == "zeros":
        return np.zeros(dims, dtype=dtype)
    return _random(np, spec.func, dims, dtype, rng)


SCALAR_DTYPES = {"int": "int64", "float": "float32", "bool": "bool"}


def make_scalar(spec, kind, rng, base_dir):
    """A Python int/float/bool for a forward() parameter annotated KIND."""
    if spec.kind == "literal" and not isinstance(spec.value, (list, tuple)):
        v = spec.value
    else:
        a = make_array(spec, rng, base_dir)
        if a.ndim != 0:
            raise SpecError("'%s' has shape %s but the parameter is a Python %s"
                            % (spec.text, list(a.shape), kind))
        v = a.item()
    if kind == "bool":
        if not isinstance(v, bool):
            raise SpecError("'%s' is not a bool (True or False)" % spec.text)
    elif kind == "int":
        if isinstance(v, float) or isinstance(v, bool):
            raise SpecError("'%s' is not an int" % spec.text)
    elif kind == "float":
        if isinstance(v, bool):
            raise SpecError("'%s' is not a float" % spec.text)
        v = float(v)
    return v


def make_list(spec, kind, rng, base_dir):
    """A Python list for a parameter annotated List[int] / List[float]."""
    import numpy as np

    if spec.kind == "literal":
        v = spec.value
        if not isinstance(v, (list, tuple)):
            raise SpecError("'%s' is not a list" % spec.text)
        v = list(v)
    else:
        v = make_array(spec, rng, base_dir).tolist()
    dtype = SCALAR_DTYPES[kind]
    arr = np.array(v, dtype=dtype)
    return arr.tolist(), arr
