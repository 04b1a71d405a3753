"""tsc2onnx from Python: torch.onnx.export's signature over the compiler.

    import tsc2onnx
    tsc2onnx.export(model, (x,), "model.onnx", entry="resnet18(num_classes=10)")

tsc2onnx compiles a model from its source, so export() finds the source of
type(model) with inspect, builds the module from the constructor call it
is given (entry=, or init_args=/init_kwargs=, else type(model)()), loads
model.state_dict() into it, and takes the input types and example values
from args.  compile() is the command line as a function.  Both run the
tsc2onnx program (the TSC2ONNX environment variable, else the one installed
beside this package, else the one on PATH); a failed compile raises
CompileError with the diagnostics as data.
"""
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

__all__ = ["export", "compile", "CompileError", "Diagnostic"]

try:
    from tsc2onnx._paths import BINDIR as _BINDIR
except ImportError:     # running from the source tree
    _BINDIR = None


class Diagnostic:
    """One diagnostic: file, line and column (None when it has no place),
    level ('error', 'warning' or 'note') and message."""

    def __init__(self, file, line, column, level, message):
        self.file, self.line, self.column = file, line, column
        self.level, self.message = level, message

    def __repr__(self):
        where = "%s:%d:%d" % (self.file, self.line, self.column) if self.file else "tsc2onnx"
        return "<Diagnostic %s: %s: %s>" % (where, self.level, self.message)


class CompileError(Exception):
    """The compile failed: .diagnostics (Diagnostic objects), .text (the
    compiler's messages as printed), .returncode (its exit status)."""

    def __init__(self, text, returncode):
        self.text = text
        self.returncode = returncode
        self.diagnostics = _parse_diagnostics(text)
        first = next((d for d in self.diagnostics if d.level == "error"), None)
        super().__init__(text if not first else text.rstrip())


_WEIGHT_MISMATCH = re.compile(r"missing weight|unexpected weight|in the file but")
_LOCATED = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note): (.*)$")
_UNLOCATED = re.compile(r"^tsc2onnx: (error|warning|note): (.*)$")


def _parse_diagnostics(text):
    out = []
    for line in text.splitlines():
        m = _LOCATED.match(line)
        if m:
            out.append(Diagnostic(m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), m.group(5)))
            continue
        m = _UNLOCATED.match(line)
        if m:
            out.append(Diagnostic(None, None, None, m.group(1), m.group(2)))
    return out


def _program():
    env = os.environ.get("TSC2ONNX")
    if env:
        return env
    if _BINDIR and os.access(os.path.join(_BINDIR, "tsc2onnx"), os.X_OK):
        return os.path.join(_BINDIR, "tsc2onnx")
    found = shutil.which("tsc2onnx")
    if not found:
        raise FileNotFoundError("the tsc2onnx program is not installed (set TSC2ONNX to its path)")
    return found


def _run_cli(argv):
    return subprocess.run([_program()] + list(argv)).returncode


def _run(argv, cwd=None):
    """Runs the compiler; raises CompileError when it fails.  Returns its
    standard error (notes and warnings)."""
    p = subprocess.run([_program()] + argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode != 0:
        raise CompileError(err, p.returncode)
    if err:
        sys.stderr.write(err)
    return err


# ---- values to files ------------------------------------------------------

_SAFETENSORS_DTYPES = {
    "torch.float32": "F32", "torch.float64": "F64", "torch.float16": "F16", "torch.bfloat16": "BF16",
    "torch.int64": "I64", "torch.int32": "I32", "torch.int16": "I16", "torch.int8": "I8",
    "torch.uint8": "U8", "torch.bool": "BOOL",
}


def _tensor_bytes(t):
    """A contiguous CPU tensor's bytes, without a copy through Python where
    the tensor already is one (a memoryview of its numpy view)."""
    import torch
    t = t.detach()
    if t.device.type != "cpu":
        t = t.cpu()
    t = t.contiguous()
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)
    return memoryview(t.numpy()).cast("B") if t.numel() else b""


def _write_safetensors(state, path):
    """STATE (name -> tensor) as a safetensors file; shared storages are
    written once per name, as safetensors requires."""
    header, order, offset = {}, [], 0
    for name, t in state.items():
        key = str(t.dtype)
        if key not in _SAFETENSORS_DTYPES:
            raise TypeError("state_dict entry '%s' has dtype %s, which tsc2onnx cannot hold" % (name, key))
        n = t.numel() * t.element_size()
        header[name] = {"dtype": _SAFETENSORS_DTYPES[key], "shape": list(t.shape),
                        "data_offsets": [offset, offset + n]}
        order.append(t)
        offset += n
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(len(text).to_bytes(8, "little"))
        f.write(text)
        for t in order:
            f.write(_tensor_bytes(t))


def _write_npy(value, path):
    import numpy as np
    if hasattr(value, "detach"):
        import torch
        t = value.detach().cpu()
        if t.dtype == torch.bfloat16:
            raise TypeError("a bfloat16 example input cannot be passed; give a float32 one")
        value = t.numpy()
    np.save(path, np.asarray(value))


# ---- the constructor call -------------------------------------------------

def _literal(v, what):
    """V as a Python expression tsc2onnx evaluates: literals, containers of
    them, and classes and functions by their qualified names."""
    if v is None or isinstance(v, (bool, int, str)):
        return repr(v)
    if isinstance(v, float):
        return repr(v) if v == v and v not in (float("inf"), float("-inf")) else "float(%r)" % repr(v)
    if isinstance(v, (list, tuple)):
        inner = ", ".join(_literal(x, what) for x in v)
        return "[%s]" % inner if isinstance(v, list) else "(%s%s)" % (inner, "," if len(v) == 1 else "")
    if isinstance(v, dict):
        return "{%s}" % ", ".join("%s: %s" % (_literal(k, what), _literal(x, what)) for k, x in v.items())
    if inspect.isclass(v) or inspect.isfunction(v):
        mod = getattr(v, "__module__", None)
        if mod and mod != "__main__" and "<locals>" not in v.__qualname__:
            return "__import__(%r, fromlist=['_']).%s" % (mod, v.__qualname__)
        return v.__qualname__
    raise TypeError("%s: %r cannot be passed to tsc2onnx as source; give the constructor call as "
                    "entry='...' (an expression in the model's module)" % (what, v))


def _module_root(cls):
    """(file, module name, directory to put on the search path) of CLS's
    source; the directory is None for a top-level script."""
    try:
        path = inspect.getsourcefile(cls) or inspect.getfile(cls)
    except TypeError:
        raise TypeError("%s has no source file (defined interactively?): tsc2onnx compiles models from "
                        "their source" % cls.__qualname__)
    path = os.path.abspath(path)
    mod = cls.__module__
    if mod == "__main__" or "." not in mod:
        return path, mod, None
    root = os.path.dirname(path)
    parts = mod.split(".")
    if os.path.splitext(os.path.basename(path))[0] == "__init__":
        parts = parts + ["__init__"]
    for _ in parts[:-1]:
        root = os.path.dirname(root)
    return path, mod, root


def _entry_args(model, entry, init_args, init_kwargs):
    cls = type(model)
    path, mod, root = _module_root(cls)
    if entry is None:
        if "<locals>" in cls.__qualname__:
            raise TypeError("%s is defined inside a function: tsc2onnx needs it at module level"
                            % cls.__qualname__)
        args = [_literal(a, "init_args") for a in (init_args or ())]
        args += ["%s=%s" % (k, _literal(v, "init_kwargs")) for k, v in (init_kwargs or {}).items()]
        entry = "%s(%s)" % (cls.__qualname__, ", ".join(args))
    if root is None:
        return [path, "--entry", entry]
    # a module of a package: built through its dotted name, so that its
    # relative imports resolve
    return ["-I", root, "--entry", "%s.%s" % (mod, entry)]


def _forward_params(model):
    sig = inspect.signature(model.forward)
    return [p.name for p in sig.parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def _example_args(model, args, work):
    """--example options for ARGS (a tensor, a tuple, with an optional dict
    of keyword arguments last)."""
    if not isinstance(args, tuple):
        args = (args,)
    kwargs = {}
    if args and isinstance(args[-1], dict):
        args, kwargs = args[:-1], args[-1]
    params = _forward_params(model)
    if len(args) > len(params):
        raise TypeError("forward() takes %d arguments but args has %d" % (len(params), len(args)))
    named = list(zip(params, args)) + list(kwargs.items())
    out = []
    for name, v in named:
        if v is None:
            continue
        if isinstance(v, (bool, int, float)):
            out += ["--example", "%s=%r" % (name, v)]
        else:
            path = os.path.join(work, "example_%s.npy" % name)
            _write_npy(v, path)
            out += ["--example", "%s=@%s" % (name, path)]
    return out, [n for n, _ in named]


def _dynamic_args(dynamic_axes, input_names, params):
    out = []
    rename = dict(zip(input_names or (), params))
    for name, axes in (dynamic_axes or {}).items():
        target = rename.get(name, name)
        items = axes.items() if isinstance(axes, dict) else ((a, None) for a in axes)
        for axis, symbol in items:
            out += ["--dynamic", "%s:%d%s" % (target, axis, "=" + symbol if symbol else "")]
    return out


def _functions_arg(export_modules_as_functions):
    if export_modules_as_functions is True:
        return ["--functions"]
    if not export_modules_as_functions:
        return []
    names = sorted(c.__name__ for c in export_modules_as_functions)
    return ["--functions=" + ",".join(names)]


def export(model, args, f, *, input_names=None, output_names=None, dynamic_axes=None, opset_version=17,
           export_params=True, keep_initializers_as_inputs=False, do_constant_folding=True,
           custom_opsets=None, export_modules_as_functions=False, trace=False, verbose=False,
           entry=None, init_args=None, init_kwargs=None):
    """Exports MODEL (an nn.Module) to F (a path or a binary file object)
    as torch.onnx.export does, from the source of type(MODEL) and the
    values of MODEL.state_dict().  ENTRY is the expression that builds the
    module in its source's module ('resnet18(num_classes=10)'); without
    it, INIT_ARGS/INIT_KWARGS are the constructor's arguments, else it is
    built without arguments.  Returns None."""
    work = tempfile.mkdtemp(prefix="tsc2onnx-")
    try:
        argv = _entry_args(model, entry, init_args, init_kwargs)
        examples, params = _example_args(model, args, work)
        argv += examples
        state = model.state_dict()
        if state:
            wpath = os.path.join(work, "weights.safetensors")
            _write_safetensors(state, wpath)
            argv += ["--weights", wpath]
        argv += ["--opset", str(opset_version)]
        argv += _dynamic_args(dynamic_axes, input_names, params)
        if input_names:
            argv += ["--input-names", ",".join(input_names)]
        if output_names:
            argv += ["--output-names", ",".join(output_names)]
        if not export_params:
            argv.append("--no-params")
        if keep_initializers_as_inputs:
            argv.append("--keep-initializers-as-inputs")
        if not do_constant_folding:
            argv.append("--no-fold")
        for domain, version in (custom_opsets or {}).items():
            argv += ["--custom-opset", "%s=%d" % (domain, version)]
        argv += _functions_arg(export_modules_as_functions)
        if trace:
            argv.append("--trace")
        if verbose:
            argv.append("--verbose")
        out = os.path.join(work, "model.onnx")
        try:
            _run(argv + ["-o", out])
        except CompileError as e:
            if any(_WEIGHT_MISMATCH.search(d.message) for d in e.diagnostics):
                e.text = e.text.rstrip() + ("\ntsc2onnx built the module as %s, whose parameters differ "
                                            "from model.state_dict(): pass the constructor call the model "
                                            "was built with, entry='...' (an expression in its module) or "
                                            "init_args=/init_kwargs=\n" % argv[argv.index("--entry") + 1])
                e.args = (e.text.rstrip(),)
            raise
        _deliver(out, f)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _data_files(path):
    """The external data files the compile wrote beside PATH: PATH's name,
    a hash of the content, .data (the model names them in `location`)."""
    d, base = os.path.split(path)
    return [os.path.join(d, n) for n in sorted(os.listdir(d))
            if n.startswith(base + ".") and n.endswith(".data") and n != base]


def _deliver(path, f):
    side = _data_files(path)
    if isinstance(f, (str, bytes, os.PathLike)):
        target = os.fsdecode(f)
        # the data files first, under the names the model gives them,
        # beside the model, then the model
        for data in side:
            dest = os.path.join(os.path.dirname(os.path.abspath(target)), os.path.basename(data))
            shutil.copyfile(data, dest + ".tsc2onnx-tmp")
            os.replace(dest + ".tsc2onnx-tmp", dest)
        tmp = target + ".tsc2onnx-tmp"
        shutil.copyfile(path, tmp)
        os.replace(tmp, target)
        return
    if side:
        raise ValueError("the model has external data (it is larger than protobuf's 2 GiB limit, or "
                         "external data was asked for): export it to a file path, not a file object")
    with open(path, "rb") as src:
        shutil.copyfileobj(src, f)


_OPTION_LISTS = {"dynamic": "--dynamic", "limit": "--limit", "custom_opset": "--custom-opset",
                 "example": "--example", "input": "--input", "arg": "--arg", "include": "-I"}


def _option_args(options):
    out = []
    for key, v in options.items():
        flag = _OPTION_LISTS.get(key, "--" + key.replace("_", "-"))
        if v is None or v is False:
            continue
        if v is True:
            out.append(flag)
        elif isinstance(v, dict):
            for k, x in v.items():
                out += [flag, "%s=%s" % (k, x)]
        elif isinstance(v, (list, tuple)):
            for x in v:
                out += [flag, str(x)]
        else:
            out += [flag, str(v)]
    return out


def compile(source_or_path, *, entry=None, inputs=None, weights=None, **options):
    """Compiles a model file (a path) or model source (a string) as the
    command line does; INPUTS maps each forward() parameter to a type
    ('float32[N,3]') or an example (a tensor, an array, a number); other
    keywords are the command line's options (opset=15, trace=True,
    dynamic={'x:0': 'N'}, limit={'eval-steps': 10**7}).  Returns an
    onnx.ModelProto when the onnx package is installed, else the bytes."""
    work = tempfile.mkdtemp(prefix="tsc2onnx-")
    try:
        src = os.fspath(source_or_path)
        if "\n" in src or not os.path.exists(src):
            path = os.path.join(work, "model.py")
            with open(path, "w") as fh:
                fh.write(src)
            argv = [path, "-I", os.getcwd()]
        else:
            argv = [src]
        if entry:
            argv += ["--entry", entry]
        for name, v in (inputs or {}).items():
            if isinstance(v, str):
                argv += ["--input", "%s:%s" % (name, v)]
            elif isinstance(v, (bool, int, float)):
                argv += ["--example", "%s=%r" % (name, v)]
            else:
                p = os.path.join(work, "example_%s.npy" % name)
                _write_npy(v, p)
                argv += ["--example", "%s=@%s" % (name, p)]
        if weights is not None:
            if isinstance(weights, dict):
                wpath = os.path.join(work, "weights.safetensors")
                _write_safetensors(weights, wpath)
                weights = wpath
            argv += ["--weights", os.fspath(weights)]
        argv += _option_args(options)
        out = os.path.join(work, "model.onnx")
        _run(argv + ["-o", out])
        with open(out, "rb") as fh:
            data = fh.read()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    try:
        import onnx
    except ImportError:
        return data
    return onnx.load_from_string(data)
