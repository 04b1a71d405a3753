"""The exporter's options, checked on real models (tests/export.sh runs it).

    /usr/bin/python3 -B tests/export/check.py [CASE ...]

Each case compiles a model of tests/export/models/ (or examples/) with some
options, then checks what the options promise: graph input and output names
and shapes, initializers, functions, metadata, locations, the text and dot
forms, the report; and, where the model runs, that ONNX Runtime's outputs
match PyTorch's on the same weights and inputs.  One TAP line per check.

Steps, batched: PyTorch builds every model once (weights saved as
safetensors, reference outputs computed) in this process; tsc2onnx compiles
every case; the checks run on the files; one node process runs every model
in ONNX Runtime (tests/bench/ort_run.js); outputs are compared.
"""
import importlib.machinery
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.abspath(os.environ.get("TSC_SRCDIR") or os.path.join(HERE, "..", ".."))
BENCH = os.path.join(SRC, "tests", "bench")
sys.path.insert(0, BENCH)
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402
import onnx  # noqa: E402
import torch  # noqa: E402

import compare  # noqa: E402
import safetensors  # noqa: E402

TSC = os.environ.get("TSC2ONNX") or os.path.join(os.environ.get("TSC_BUILDDIR", "."), "tsc2onnx")
MODELS = os.path.join(HERE, "models")


# --- TAP ------------------------------------------------------------------------

class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def result(self, ok, what, detail=()):
        self.n += 1
        print("%s %d - %s" % ("ok" if ok else "not ok", self.n, what))
        if not ok:
            self.failed += 1
            for line in detail:
                for part in str(line).splitlines():
                    print("#   " + part)
        sys.stdout.flush()

    def skip(self, what, why):
        self.n += 1
        print("ok %d - %s # SKIP %s" % (self.n, what, why))


TAP = Tap()


# --- PyTorch ----------------------------------------------------------------------

def load_module(path, name):
    loader = importlib.machinery.SourceFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(path))
    try:
        loader.exec_module(mod)
    finally:
        sys.path.pop(0)
    return mod


def build(path, entry, seed=0, **kwargs):
    mod = load_module(path, "export_case_%s" % re.sub(r"\W", "_", os.path.basename(path)))
    torch.manual_seed(seed)
    model = getattr(mod, entry)(**kwargs)
    model.eval()
    return model


def save_weights(model, path):
    items = []
    for name, t in model.state_dict().items():
        a = t.detach().contiguous().numpy()
        items.append((name, safetensors.CODES[a.dtype.name], list(a.shape), a.tobytes()))
    safetensors.write(path, items)


def flatten(value, out):
    if isinstance(value, torch.Tensor):
        out.append(value.detach().numpy())
    elif isinstance(value, (tuple, list)):
        for v in value:
            flatten(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            flatten(v, out)
    else:
        raise TypeError("output of type %s" % type(value).__name__)
    return out


def reference(model, args):
    with torch.no_grad():
        return flatten(model(*args), [])


def t(a):
    return torch.from_numpy(np.array(a))


RNG = np.random.default_rng(7)


def randn(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


# --- tsc2onnx -----------------------------------------------------------------------

class Compiled:
    def __init__(self, path, status, stderr, stdout):
        self.path = path
        self.status = status
        self.stderr = stderr
        self.stdout = stdout
        self._model = None

    @property
    def model(self):
        if self._model is None:
            self._model = onnx.load(self.path)
        return self._model


class Work:
    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="tsc-export.")
        self.ort_jobs = []       # (label, model path, [feeds], [expected outputs], tolerance)

    def file(self, name):
        return os.path.join(self.dir, name)

    def compile(self, model, args, out=None, cwd=None):
        out = out or self.file(os.path.splitext(os.path.basename(model))[0] + ".onnx")
        cmd = [TSC, model] + list(args) + ["-o", out]
        p = subprocess.run(cmd, cwd=cwd or self.dir, capture_output=True, timeout=300)
        return Compiled(out, p.returncode, p.stderr.decode("utf-8", "replace"),
                        p.stdout)

    def save_npy(self, array, name):
        path = self.file(name)
        np.save(path, array)
        return path

    def run_later(self, label, path, feeds, expected, rtol=1e-4, atol=1e-5):
        """FEEDS: [{graph input name: array}] per set; EXPECTED: [[arrays]]."""
        self.ort_jobs.append((label, path, feeds, expected, rtol, atol))


WORK = None


def compiled_ok(c, what):
    """A TAP line for the compile itself; False when it failed."""
    ok = c.status == 0
    TAP.result(ok, "%s compiles" % what, ["exit status %d" % c.status] + c.stderr.splitlines()[:20])
    return ok


def check(ok, what, *detail):
    TAP.result(bool(ok), what, detail)


def dims(value_info):
    out = []
    for d in value_info.type.tensor_type.shape.dim:
        out.append(d.dim_param if d.HasField("dim_param") else d.dim_value if d.HasField("dim_value") else None)
    return out


def io_names(values):
    return [v.name for v in values]


def checker(c, what):
    try:
        onnx.checker.check_model(c.model, full_check=True)
        TAP.result(True, "%s passes onnx.checker (full_check)" % what)
        return True
    except Exception as e:
        TAP.result(False, "%s passes onnx.checker (full_check)" % what, str(e).splitlines()[:20])
        return False


def run_ort_jobs():
    """Runs every model queued by run_later in one node process, then
    compares with the expected outputs: one TAP line per model."""
    if not WORK.ort_jobs:
        return
    jobs = []
    for i, (label, path, feeds, expected, rtol, atol) in enumerate(WORK.ort_jobs):
        sets = []
        for k, feed in enumerate(feeds):
            files = {name: WORK.save_npy(a, "ort%d_set%d_%d.npy" % (i, k, j))
                     for j, (name, a) in enumerate(feed.items())}
            sets.append({"inputs": files})
        jobs.append({"id": i, "model": path, "outdir": WORK.file("ort%d" % i), "sets": sets})
    jobfile = WORK.file("ort-jobs.json")
    with open(jobfile, "w") as f:
        json.dump({"threads": 1, "jobs": jobs}, f)
    progress = WORK.file("ort-progress.jsonl")
    p = subprocess.run(["node", os.path.join(BENCH, "ort_run.js"), jobfile, progress],
                       capture_output=True, cwd=BENCH, timeout=600)
    results = {}
    if os.path.exists(progress):
        with open(progress) as f:
            for line in f:
                rec = json.loads(line)
                if "done" in rec:
                    results[rec["done"]] = rec
    for i, (label, path, feeds, expected, rtol, atol) in enumerate(WORK.ort_jobs):
        rec = results.get(i)
        what = "%s: ONNX Runtime matches PyTorch (%d input set%s)" % (label, len(feeds),
                                                                       "" if len(feeds) == 1 else "s")
        if rec is None:
            TAP.result(False, what, ["no result from ort_run.js"] + p.stderr.decode().splitlines()[-10:])
            continue
        if rec["error"]:
            TAP.result(False, what, rec["error"].splitlines()[:10])
            continue
        problems = []
        for k, (got, want) in enumerate(zip(rec["sets"], expected)):
            if got["error"]:
                problems.append("set %d: %s" % (k, got["error"]))
                continue
            files = []
            for j, a in enumerate(want):
                files.append(WORK.save_npy(a, "want%d_set%d_%d.npy" % (i, k, j)))
            problems += ["set %d: %s" % (k, m) for m in
                         compare.compare_files([o["file"] for o in got["outputs"]], files, rtol, atol)]
        TAP.result(not problems, what, problems[:10])


# --- the cases -----------------------------------------------------------------------

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def main(argv):
    global WORK
    if shutil.which("node") is None or not os.path.isfile(
            os.path.join(SRC, "tests", "node_modules", "onnxruntime-node", "package.json")):
        print("1..0 # SKIP node or onnxruntime-node missing (run tests/setup-deps.sh)")
        return 0
    import cases  # noqa: F401  (registers the cases)
    WORK = Work()
    try:
        chosen = [c for c in CASES if not argv[1:] or c.__name__ in argv[1:]]
        for c in chosen:
            try:
                c()
            except Exception as e:
                import traceback
                TAP.result(False, "%s raised %s" % (c.__name__, type(e).__name__),
                           traceback.format_exc().splitlines()[-12:])
        run_ort_jobs()
    finally:
        if os.environ.get("TSC_EXPORT_KEEP") != "1":
            shutil.rmtree(WORK.dir, ignore_errors=True)
    print("1..%d" % TAP.n)
    return 0


if __name__ == "__main__":
    sys.modules["check"] = sys.modules[__name__]
    sys.exit(main(sys.argv))
