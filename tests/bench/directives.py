"""End-to-end cases and their directives.

A case is a model file (valid Python) whose whole-line comments may hold:

    # tsc2onnx: --dynamic x:0=N --arg hidden=4   compiler options (shell words; may repeat)
    # example: x=randn(2,3) n=5                   the example input set (--example)
    # inputs: x=randn(7,3) n=0                    a further input set (may repeat)
    # opsets: 9 13 17 21                          default: 11 15 17
    # tolerance: rtol=1e-3 atol=1e-4              default: rtol=1e-4 atol=1e-5
    # trace: yes                                  also compile with --trace (see below)
    # compare: diverges                           or agrees: what a trace of the model does
                                                  ('diverges (torch.jit.trace fails)': PyTorch
                                                  cannot trace the model, which the bench checks)
    # variants: --trace --no-params | --opset 8   further option sets (see below; may repeat)

'# trace: yes' adds a run of the case compiled with --trace on its example,
checked against PyTorch's eager output on that example (at the case's first
and last opsets).  '# compare: diverges' says that the model's behaviour depends on its
inputs so that a trace of it is wrong on some input, '# compare: agrees'
that a trace is right on every input; it implies '# trace: yes', and the
bench checks it three ways: torch.jit.trace of the model on the example
differs from eager on some input set (diverges) or on none (agrees);
tsc2onnx compare exits 3 (diverges) or 0 (agrees); and the compiled model's
outputs in tsc2onnx's evaluator (tsc2onnx run) match ONNX Runtime's on every
input set.

'# variants:' lists option sets separated by '|': each is one more run,
compiled with the case's options and these, at the case's last opset
unless it gives --opset, on every input set (with --trace, on the example)
and checked against the same PyTorch outputs.  With --no-params the
parameters are fed to ONNX Runtime from the case's weights.  This is how
option combinations are tested on real models: --keep-initializers-as-inputs
with --trace, opsets below 9, --no-optimize ...

Other comments are ordinary comments, except near-misses of these names
('# input:', '# opset:', ...), which are errors so that a typo cannot
silently drop an input set.
"""
import os
import re
import shlex

import values

DEFAULT_OPSETS = (11, 15, 17)
DEFAULT_RTOL = 1e-4
DEFAULT_ATOL = 1e-5

_DIRECTIVE = re.compile(r"\s*#\s*([A-Za-z0-9_-]+)\s*:(.*)$")
_KNOWN = ("tsc2onnx", "example", "inputs", "opsets", "tolerance", "trace", "compare", "variants")
_NEAR_MISSES = {
    "input": "inputs", "examples": "example", "opset": "opsets",
    "tolerances": "tolerance", "tol": "tolerance", "rtol": "tolerance",
    "atol": "tolerance", "options": "tsc2onnx", "option": "tsc2onnx",
    "tsc2onnx-options": "tsc2onnx", "flags": "tsc2onnx",
    "traced": "trace", "tracing": "trace", "compares": "compare", "comparison": "compare",
    "variant": "variants", "combinations": "variants",
}


class Case:
    def __init__(self, path, name):
        self.path = path            # absolute
        self.name = name            # as shown in TAP lines: relative to the source tree
        self.dir = os.path.dirname(path)
        self.options = []           # compiler options, shell words
        self.example = None         # [(name, Spec)]
        self.input_sets = []        # [[(name, Spec)]], the further sets
        self.opsets = list(DEFAULT_OPSETS)
        self.rtol = DEFAULT_RTOL
        self.atol = DEFAULT_ATOL
        self.trace = False          # '# trace: yes' or a '# compare:' directive
        self.compare = None         # 'diverges', 'agrees' or None
        self.torch_trace_fails = False  # '# compare: diverges (torch.jit.trace fails)'
        self.variants = []          # [(opset or None, trace, [options], text)]
        self.errors = []            # directive errors, "line N: message"
        self.text = b""

    @property
    def all_sets(self):
        """Every input set, the example first."""
        return [self.example or []] + self.input_sets

    def option_values(self, name):
        """Values of a compiler option given as '--name V' or '--name=V'."""
        out = []
        opts = self.options
        i = 0
        while i < len(opts):
            o = opts[i]
            if o == name and i + 1 < len(opts):
                out.append(opts[i + 1])
                i += 2
                continue
            if o.startswith(name + "="):
                out.append(o[len(name) + 1:])
            i += 1
        return out


def _parse_line(case, key, rest, lineno, seen):
    where = "line %d" % lineno
    try:
        if key == "tsc2onnx":
            case.options += shlex.split(rest)
        elif key == "example":
            if "example" in seen:
                raise ValueError("a second '# example:' line (further sets go in '# inputs:')")
            case.example = values.parse_assignments(rest)
        elif key == "inputs":
            case.input_sets.append(values.parse_assignments(rest))
        elif key == "opsets":
            if "opsets" in seen:
                raise ValueError("a second '# opsets:' line")
            words = rest.split()
            if not words or not all(re.fullmatch(r"\d+", w) for w in words):
                raise ValueError("'# opsets:' expects opset numbers, found '%s'" % rest.strip())
            case.opsets = sorted(set(int(w) for w in words))
        elif key in ("trace", "compare"):
            if key in seen:
                raise ValueError("a second '# %s:' line" % key)
            word = rest.strip()
            if key == "compare" and word.endswith("(torch.jit.trace fails)"):
                # PyTorch cannot trace the model: the verdict is tsc2onnx compare's alone
                word = word[:-len("(torch.jit.trace fails)")].strip()
                case.torch_trace_fails = True
            allowed = ("yes",) if key == "trace" else ("diverges", "agrees")
            if word not in allowed:
                raise ValueError("'# %s:' expects %s, found '%s'" % (key, " or ".join(allowed), word))
            case.trace = True
            if key == "compare":
                case.compare = word
        elif key == "variants":
            for words in (shlex.split(part) for part in rest.split("|")):
                if not words:
                    raise ValueError("an empty variant in '# variants:'")
                opset = None
                if "--opset" in words:
                    k = words.index("--opset")
                    if k + 1 >= len(words) or not re.fullmatch(r"\d+", words[k + 1]):
                        raise ValueError("'--opset' in '# variants:' needs a number")
                    opset = int(words[k + 1])
                    words = words[:k] + words[k + 2:]
                trace = "--trace" in words
                text = " ".join(shlex.quote(w) for w in words) + \
                    (" --opset %d" % opset if opset is not None else "")
                case.variants.append((opset, trace, [w for w in words if w != "--trace"], text.strip()))
        elif key == "tolerance":
            if "tolerance" in seen:
                raise ValueError("a second '# tolerance:' line")
            for word in rest.split():
                m = re.fullmatch(r"(rtol|atol)=(\S+)", word)
                if not m:
                    raise ValueError("'# tolerance:' expects rtol=X atol=Y, found '%s'" % word)
                try:
                    v = float(m.group(2))
                except ValueError:
                    raise ValueError("tolerance '%s' is not a number" % word) from None
                if not v >= 0:
                    raise ValueError("tolerance %s must be >= 0" % word)
                setattr(case, m.group(1), v)
        seen.add(key)
    except (ValueError, values.SpecError) as e:
        case.errors.append("%s: %s" % (where, e))


def parse_case(path, name):
    case = Case(path, name)
    try:
        with open(path, "rb") as f:
            case.text = f.read()
    except OSError as e:
        case.errors.append("cannot read: %s" % e)
        return case
    seen = set()
    for lineno, line in enumerate(case.text.decode("utf-8", "replace").splitlines(), 1):
        m = _DIRECTIVE.match(line)
        if not m:
            continue
        key = m.group(1)
        if key in _KNOWN:
            _parse_line(case, key, m.group(2), lineno, seen)
        elif key.lower() in _NEAR_MISSES:
            case.errors.append("line %d: unknown directive '# %s:' (did you mean '# %s:'?)"
                               % (lineno, key, _NEAR_MISSES[key.lower()]))
    names = [n for n, _ in case.example or []]
    for i, s in enumerate(case.input_sets, 1):
        other = [n for n, _ in s]
        if sorted(other) != sorted(names):
            case.errors.append("input set %d gives %s but the example gives %s"
                               % (i, " ".join(other) or "nothing", " ".join(names) or "nothing"))
    return case


def is_case_file(name):
    """A model file, NAME.py (NAME.ts in examples/), except _NAME.py:
    helper modules that cases import."""
    return name.endswith((".py", ".ts")) and not name.startswith("_")


def cases_under(root):
    """Case files in ROOT and its subfolders, sorted (folders named _NAME
    are helper packages that cases import)."""
    found = []
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith("_")]
        found += [os.path.abspath(os.path.join(d, f)) for f in files if is_case_file(f)]
    return sorted(found)


def discover(srcdir):
    """examples/*.ts and tests/e2e/**/*.py, sorted by name."""
    found = []
    ex = os.path.join(srcdir, "examples")
    if os.path.isdir(ex):
        found += [os.path.join(ex, f) for f in os.listdir(ex) if is_case_file(f)]
    found += cases_under(os.path.join(srcdir, "tests", "e2e"))
    return sorted(set(os.path.abspath(p) for p in found), key=lambda p: case_name(p, srcdir))


def case_name(path, srcdir):
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(srcdir))
    return path if rel.startswith("..") else rel
