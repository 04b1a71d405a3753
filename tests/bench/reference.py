"""Step a of the end-to-end bench: PyTorch's answers, in one process for all
cases (torch is imported once).

    /usr/bin/python3 -B reference.py JOBS.json

JOBS.json: {"timeout": seconds, "cases": [job, ...]}, one job per case, made
by bench.py.  For each job this imports the case file as a module, builds
the entry module under a seed derived from the case name, saves its
state_dict as weights.safetensors, generates every input set, runs forward()
under torch.no_grad() and saves inputs and outputs as .npy files, and in the
torch-exporter mode exports the module with torch.onnx.export.  Everything
goes to the job's outdir (written as outdir.tmp, then renamed), described by
manifest.json; a case that fails in PyTorch gets a manifest with "error".
"""
import contextlib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import inspect
import json
import os
import shutil
import signal
import sys
import time
import traceback
import typing
import warnings

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402
import torch  # noqa: E402

import safetensors  # noqa: E402
import values  # noqa: E402

_TORCH_CODES = {
    torch.float64: "F64", torch.float32: "F32", torch.float16: "F16",
    torch.bfloat16: "BF16", torch.int64: "I64", torch.int32: "I32",
    torch.int16: "I16", torch.int8: "I8", torch.uint8: "U8", torch.bool: "BOOL",
}


class CaseError(Exception):
    """A failure of the case itself, reported with a short message."""


class CaseTimeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise CaseTimeout()


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


# --- loading the case file --------------------------------------------------

class _TsFinder(importlib.abc.MetaPathFinder):
    """Lets a case `import resnet` find resnet.ts beside it or in its -I
    dirs (examples/), as the compiler does; a helper.py (tests/e2e/) is
    found through sys.path."""

    def __init__(self, dirs):
        self.dirs = dirs

    def find_spec(self, fullname, path, target=None):
        if "." in fullname:
            return None
        for d in self.dirs:
            f = os.path.join(d, fullname + ".ts")
            if os.path.isfile(f):
                loader = importlib.machinery.SourceFileLoader(fullname, f)
                return importlib.util.spec_from_file_location(fullname, f, loader=loader)
        return None


@contextlib.contextmanager
def case_imports(dirs, deps):
    """Imports inside the block see DIRS; modules loaded from there are
    forgotten afterwards (the next case may have its own helper.py) and
    recorded in DEPS {path: sha256} so the cache notices their changes."""
    finder = _TsFinder(dirs)
    before = set(sys.modules)
    sys.meta_path.insert(0, finder)
    old_path = list(sys.path)
    sys.path[:0] = dirs
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
        sys.path[:] = old_path
        roots = tuple(os.path.join(os.path.abspath(d), "") for d in dirs)
        for name in set(sys.modules) - before:
            f = getattr(sys.modules[name], "__file__", None) or ""
            if os.path.abspath(f).startswith(roots):
                if os.path.isfile(f):
                    deps[os.path.abspath(f)] = sha256_file(f)
                del sys.modules[name]


def load_module(job, index):
    name = "tsc_case_%d" % index
    loader = importlib.machinery.SourceFileLoader(name, job["path"])
    spec = importlib.util.spec_from_file_location(name, job["path"], loader=loader)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    loader.exec_module(mod)
    return mod


def find_entry(mod, entry):
    if entry:
        obj = getattr(mod, entry, None)
        if obj is None:
            raise CaseError("--entry %s: the file defines no '%s'" % (entry, entry))
        return entry, obj
    found = None
    for key, obj in vars(mod).items():
        if (isinstance(obj, type) and issubclass(obj, torch.nn.Module)
                and obj.__module__ == mod.__name__):
            found = (key, obj)
    if found is None:
        raise CaseError("the file defines no nn.Module subclass (use --entry NAME)")
    return found


def option_values(options, name):
    out = []
    i = 0
    while i < len(options):
        o = options[i]
        if o == name and i + 1 < len(options):
            out.append(options[i + 1])
            i += 2
            continue
        if o.startswith(name + "="):
            out.append(o[len(name) + 1:])
        i += 1
    return out


def build_model(mod, options, seed):
    entries = option_values(options, "--entry")
    entry_name, entry = find_entry(mod, entries[-1] if entries else None)
    kwargs = {}
    for a in option_values(options, "--arg"):
        key, sep, expr = a.partition("=")
        if not sep or not key.isidentifier():
            raise CaseError("--arg expects NAME=VALUE, found '%s'" % a)
        try:
            kwargs[key] = eval(expr, vars(mod))
        except Exception as e:
            raise CaseError("--arg %s: %s: %s" % (a, type(e).__name__, e)) from None
    torch.manual_seed(seed)
    model = entry(**kwargs)
    if not isinstance(model, torch.nn.Module):
        raise CaseError("entry %s returned %s, not an nn.Module" % (entry_name, type(model).__name__))
    model.eval()
    return entry_name, model


# --- inputs ------------------------------------------------------------------

def param_kind(ann):
    """'tensor', 'int', 'float', 'bool', or 'list:int' etc. from an annotation."""
    if ann is inspect.Parameter.empty:
        return "tensor"
    if isinstance(ann, str):
        s = ann.replace(" ", "").replace("typing.", "")
        if s.startswith("Optional[") and s.endswith("]"):
            s = s[len("Optional["):-1]
        if s in ("int", "float", "bool"):
            return s
        for head in ("List[", "list[", "Tuple[", "tuple["):
            if s.startswith(head) and s.endswith("]"):
                inner = s[len(head):-1].split(",")[0]
                if inner in ("int", "float", "bool"):
                    return "list:" + inner
        return "tensor"
    if ann in (int, float, bool):
        return ann.__name__
    origin = typing.get_origin(ann)
    args = [a for a in typing.get_args(ann) if a is not type(None)]
    if origin is typing.Union and len(args) == 1:
        return param_kind(args[0])
    if origin in (list, tuple) and args and args[0] in (int, float, bool):
        return "list:" + args[0].__name__
    return "tensor"


def forward_params(model):
    sig = inspect.signature(model.forward)
    return [p for p in sig.parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def make_inputs(job, params, set_index, seed, outdir, deps):
    """-> ({name: torch value}, {name: {file, dtype, shape}}) for one set."""
    specs = dict(job["sets"][set_index])
    known = {p.name for p in params}
    for name in specs:
        if name not in known:
            raise CaseError("input '%s' is not a forward() parameter (forward takes %s)"
                            % (name, ", ".join(p.name for p in params) or "nothing"))
    rng = np.random.default_rng([seed, set_index])
    torch_values, described = {}, {}
    os.makedirs(os.path.join(outdir, "set%d" % set_index, "inputs"), exist_ok=True)
    for p in params:
        if p.name not in specs:
            if p.default is inspect.Parameter.empty:
                raise CaseError("forward() parameter '%s' has no value in input set %d"
                                % (p.name, set_index))
            continue
        spec = values.parse_spec(specs[p.name])
        if spec.kind == "file":
            deps[os.path.abspath(os.path.join(job["dir"], spec.path))] = None
        kind = param_kind(p.annotation)
        try:
            if kind in values.SCALAR_DTYPES:
                v = values.make_scalar(spec, kind, rng, job["dir"])
                arr = np.array(v, dtype=values.SCALAR_DTYPES[kind])
            elif kind.startswith("list:"):
                v, arr = values.make_list(spec, kind[5:], rng, job["dir"])
            else:
                arr = values.make_array(spec, rng, job["dir"])
                v = torch.from_numpy(np.array(arr))
        except values.SpecError as e:
            raise CaseError("input set %d, %s: %s" % (set_index, p.name, e)) from None
        rel = os.path.join("set%d" % set_index, "inputs", p.name + ".npy")
        np.save(os.path.join(outdir, rel), arr)
        torch_values[p.name] = v
        described[p.name] = {"file": rel, "dtype": arr.dtype.name, "shape": list(arr.shape),
                             "kind": kind}
    return torch_values, described


def call_args(params, torch_values):
    """Positional-only parameters by position, the others by keyword."""
    args, kwargs = [], {}
    for p in params:
        if p.name not in torch_values:
            continue
        if p.kind == p.POSITIONAL_ONLY:
            args.append(torch_values[p.name])
        else:
            kwargs[p.name] = torch_values[p.name]
    return args, kwargs


# --- outputs -----------------------------------------------------------------

def flatten(value, out, where="output"):
    if isinstance(value, torch.Tensor):
        t = value.detach().cpu().contiguous()
        if t.dtype not in _TORCH_CODES or t.dtype == torch.bfloat16:
            raise CaseError("%s has dtype %s, which the bench cannot compare" % (where, t.dtype))
        out.append(t.numpy())
    elif isinstance(value, bool):
        out.append(np.array(value, dtype=np.bool_))
    elif isinstance(value, int):
        out.append(np.array(value, dtype=np.int64))
    elif isinstance(value, float):
        out.append(np.array(value, dtype=np.float32))
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            flatten(v, out, "%s[%d]" % (where, i))
    elif isinstance(value, dict):
        for k, v in value.items():
            flatten(v, out, "%s[%r]" % (where, k))
    elif value is None and where != "output":
        pass    # torch.onnx.export drops a None inside the outputs
    else:
        raise CaseError("%s is a %s; outputs must be tensors, numbers, or tuples/lists of them"
                        % (where, type(value).__name__))
    return out


def save_weights(model, path):
    items = []
    for name, t in model.state_dict().items():
        t = t.detach().cpu().contiguous()
        code = _TORCH_CODES.get(t.dtype)
        if code is None:
            raise CaseError("weight %s has dtype %s, which safetensors cannot hold" % (name, t.dtype))
        raw = t.view(torch.int16) if t.dtype == torch.bfloat16 else t
        items.append((name, code, list(t.shape), raw.numpy().tobytes()))
    safetensors.write(path, items)
    return len(items)


# --- the torch exporter (self-test mode) -----------------------------------

def dynamic_axes(options):
    """--dynamic NAME:AXIS[=SYMBOL] -> torch's dynamic_axes."""
    axes = {}
    for d in option_values(options, "--dynamic"):
        spec, _, symbol = d.partition("=")
        name, _, axis = spec.partition(":")
        if not axis.isdigit():
            raise CaseError("--dynamic expects NAME:AXIS[=SYMBOL], found '%s'" % d)
        axes.setdefault(name, {})[int(axis)] = symbol or "%s_%s" % (name, axis)
    return axes


def export_torch(model, params, torch_values, nout, opset, path, options):
    from torch.onnx import _constants

    top = getattr(_constants, "ONNX_MAX_OPSET", 17)
    if opset > top:
        return {"skip": "torch %s's exporter knows opsets up to %d" % (torch.__version__, top)}
    args = []
    given = [p for p in params if p.name in torch_values]
    last = params.index(given[-1]) if given else -1
    for p in params[:last + 1]:
        args.append(torch_values[p.name] if p.name in torch_values else p.default)
    # torch 1.13 turns Python numbers among the arguments into graph inputs too.
    names = [p.name for p in given]
    axes = {k: v for k, v in dynamic_axes(options).items() if k in names}
    with warnings.catch_warnings(), contextlib.redirect_stdout(sys.stderr):
        warnings.simplefilter("ignore")
        torch.onnx.export(model, tuple(args), path, opset_version=opset,
                          input_names=names, output_names=["out%d" % i for i in range(nout)],
                          dynamic_axes=axes or None, do_constant_folding=True)
    return {"file": os.path.relpath(path, os.path.dirname(os.path.dirname(path)))}


# --- torch.jit.trace (cases with a '# compare:' or '# trace:' directive) -------

class _Traceable(torch.nn.Module):
    """forward(*tensors) calling MODEL with the parameters annotated int,
    float or bool converted back to Python numbers, which torch.jit.trace
    records as constants (it only takes tensors)."""

    def __init__(self, model, names, kinds):
        super().__init__()
        self.model = model
        self.names = names
        self.kinds = kinds

    def forward(self, *tensors):
        kwargs = {}
        for name, kind, t in zip(self.names, self.kinds, tensors):
            convert = {"int": int, "float": float, "bool": bool}.get(kind)
            kwargs[name] = convert(t) if convert else t
        return _tensors_only(self.model(**kwargs))


def _tensors_only(value):
    """Python numbers among the outputs as 0-d tensors (a trace may only
    return tensors); they are constants of the trace."""
    if isinstance(value, bool):
        return torch.tensor(value)
    if isinstance(value, int):
        return torch.tensor(value, dtype=torch.int64)
    if isinstance(value, float):
        return torch.tensor(value, dtype=torch.float32)
    if isinstance(value, (tuple, list)):
        return tuple(_tensors_only(v) for v in value)
    return value


def _traced_outputs(result, eager, rtol, atol):
    """None when the traced module's outputs match eager's, else why not."""
    got = flatten(result, [])
    if len(got) != len(eager):
        return "%d outputs, eager gives %d" % (len(got), len(eager))
    for k, (g, e) in enumerate(zip(got, eager)):
        if g.shape != e.shape:
            return "output %d: shape %s, eager %s" % (k, list(g.shape), list(e.shape))
        if not np.allclose(g.astype(np.float64), e.astype(np.float64), rtol=rtol, atol=atol, equal_nan=True):
            return "output %d: values differ (max abs difference %.4g)" % (
                k, float(np.max(np.abs(g.astype(np.float64) - e.astype(np.float64)))))
    return None


def trace_check(job, model, params, sets, eager, snapshot):
    """torch.jit.trace of the model on the example (set 0), run on every
    input set and compared with eager: {"error", "differs": [why or None]}."""
    given = [p for p in params if p.name in sets[0]]
    kinds = [param_kind(p.annotation) for p in given]
    if any(k.startswith("list:") for k in kinds):
        return {"error": "a list parameter: torch.jit.trace takes tensors", "differs": []}
    names = [p.name for p in given]

    def tensors(values):
        return tuple(v if isinstance(v, torch.Tensor) else torch.tensor(v) for v in
                     (values[n] for n in names))

    tol = job["tolerance"]
    if snapshot is not None:
        model.load_state_dict(snapshot)
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            traced = torch.jit.trace(_Traceable(model, names, kinds), tensors(sets[0]),
                                     check_trace=False, strict=False)
        except Exception as e:
            return {"error": "torch.jit.trace fails: %s: %s" % (type(e).__name__,
                                                                 str(e).splitlines()[0] if str(e) else ""),
                    "differs": []}
        differs = []
        for values, outs in zip(sets, eager):
            if snapshot is not None:
                model.load_state_dict(snapshot)
            try:
                differs.append(_traced_outputs(traced(*tensors(values)), outs, tol["rtol"], tol["atol"]))
            except Exception as e:
                differs.append("the traced module fails: %s" % (str(e).strip().splitlines() or ["?"])[-1])
    return {"error": None, "differs": differs}


# --- one case ----------------------------------------------------------------

def run_case(job, index, manifest, outdir, deps):
    manifest["stage"] = "import"
    torch.set_default_dtype(torch.float32)      # a previous case may have changed it
    with case_imports([job["dir"]] + job.get("include_dirs", []), deps):
        mod = load_module(job, index)
        manifest["stage"] = "construct"
        entry_name, model = build_model(mod, job["options"], job["seed"])
        manifest["entry"] = entry_name
        manifest["stage"] = "save weights"
        manifest["num_weights"] = save_weights(model, os.path.join(outdir, "weights.safetensors"))
        manifest["weights"] = "weights.safetensors"
        params = forward_params(model)
        manifest["params"] = [{"name": p.name, "kind": param_kind(p.annotation)} for p in params]
        snapshot = None
        if len(job["sets"]) > 1 or job["export_opsets"] or job.get("trace"):
            snapshot = {k: v.clone() for k, v in model.state_dict().items()}
        example_values = None
        all_values, all_outs = [], []
        for i in range(len(job["sets"])):
            manifest["stage"] = "inputs of set %d" % i
            tv, described = make_inputs(job, params, i, job["seed"], outdir, deps)
            if i == 0:
                example_values = tv
                manifest["inputs"] = [p.name for p in params if p.name in tv]
            elif snapshot is not None:
                model.load_state_dict(snapshot)
            manifest["stage"] = "forward() on set %d" % i
            args, kwargs = call_args(params, tv)
            with torch.no_grad():
                result = model(*args, **kwargs)
            outs = flatten(result, [])
            all_values.append(tv)
            all_outs.append(outs)
            outputs = []
            os.makedirs(os.path.join(outdir, "set%d" % i, "outputs"))
            for k, a in enumerate(outs):
                rel = os.path.join("set%d" % i, "outputs", "%d.npy" % k)
                np.save(os.path.join(outdir, rel), a)
                outputs.append({"file": rel, "dtype": a.dtype.name, "shape": list(a.shape)})
            if i > 0 and len(outputs) != len(manifest["sets"][0]["outputs"]):
                raise CaseError("set %d gives %d outputs, set 0 gave %d"
                                % (i, len(outputs), len(manifest["sets"][0]["outputs"])))
            manifest["sets"].append({"inputs": described, "outputs": outputs})
        manifest["num_outputs"] = len(manifest["sets"][0]["outputs"])
        if job.get("trace"):
            manifest["stage"] = "torch.jit.trace"
            manifest["trace_check"] = trace_check(job, model, params, all_values, all_outs, snapshot)
        if job["export_opsets"]:
            os.makedirs(os.path.join(outdir, "torch"))
        for opset in job["export_opsets"]:
            manifest["stage"] = "torch.onnx.export opset %d" % opset
            model.load_state_dict(snapshot)
            path = os.path.join(outdir, "torch", "opset%d.onnx" % opset)
            try:
                manifest["exports"][str(opset)] = export_torch(
                    model, params, example_values, manifest["num_outputs"], opset, path,
                    job["options"])
            except CaseError as e:
                manifest["exports"][str(opset)] = {"error": str(e)}
            except Exception:
                manifest["exports"][str(opset)] = {"error": short_traceback()}
    manifest["stage"] = None


def short_traceback(limit=30):
    """The current exception's traceback without the harness's own frames,
    cut to its last LIMIT lines."""
    etype, e, tb = sys.exc_info()
    frames = [f for f in traceback.extract_tb(tb)
              if os.path.dirname(os.path.abspath(f.filename)) != HERE
              and not (f.name == "_call_impl" and f.filename.endswith("nn/modules/module.py"))]
    lines = ["Traceback (most recent call last):"]
    for chunk in traceback.format_list(frames) + traceback.format_exception_only(etype, e):
        lines += chunk.rstrip("\n").splitlines()
    if len(lines) > limit:
        lines = [lines[0], "  ..."] + lines[-(limit - 2):]
    return "\n".join(lines)


def process(job, index, timeout):
    outdir = job["outdir"]
    tmp = outdir + ".tmp%d" % os.getpid()
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    deps = {}
    manifest = {"case": job["name"], "seed": job["seed"], "error": None, "entry": None,
                "params": [], "inputs": [], "sets": [], "num_outputs": 0, "exports": {},
                "options": job["options"], "opsets": job["opsets"],
                "tolerance": job["tolerance"], "torch": torch.__version__}
    t0 = time.time()
    signal.alarm(timeout)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            run_case(job, index, manifest, tmp, deps)
    except CaseTimeout:
        manifest["error"] = "%s: timed out after %d s" % (manifest["stage"], timeout)
        manifest["timed_out"] = True
    except CaseError as e:
        manifest["error"] = "%s: %s" % (manifest["stage"], e)
    except BaseException as e:  # the case's own code may raise anything
        if isinstance(e, KeyboardInterrupt):
            raise
        manifest["error"] = "%s: %s" % (manifest["stage"], short_traceback())
    finally:
        signal.alarm(0)
    for path, digest in list(deps.items()):
        deps[path] = digest or (sha256_file(path) if os.path.isfile(path) else "missing")
    manifest["deps"] = deps
    manifest["seconds"] = round(time.time() - t0, 3)
    with open(os.path.join(tmp, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    shutil.rmtree(outdir, ignore_errors=True)
    os.rename(tmp, outdir)
    return manifest


def main(argv):
    with open(argv[1]) as f:
        jobs = json.load(f)
    timeout = int(jobs.get("timeout", 120))
    torch.set_num_threads(int(os.environ.get("TSC_BENCH_TORCH_THREADS", "1")))
    signal.signal(signal.SIGALRM, _on_alarm)
    for index, job in enumerate(jobs["cases"]):
        m = process(job, index, timeout)
        if m["error"]:
            print("reference: %s: %s" % (job["name"], m["error"].splitlines()[0]), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
