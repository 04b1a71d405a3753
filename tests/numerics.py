"""Numerics of the compiler itself (the evaluator's are tests/eval.sh's):

  1. tests/numerics/python_floats.py asserts what Python's arithmetic gives
     on NaN, infinities, signed zeros, floor division and modulo, powers,
     conversions and the exceptions they raise.  CPython runs it (every
     assert holds there), then tsc2onnx compiles it: its compile-time
     interpreter must agree (exit status 0).
  2. tests/numerics/constants.py makes buffers of special values (signed
     zeros, infinities, NaN, subnormals, extremes, float16 rounding); each
     initializer of the compiled model must hold PyTorch's values bit for
     bit.
  3. tests/numerics/fold.py computes from constants only (division by zero,
     signed zeros, NaN, infinities, integer wrapping, casts out of range):
     compiled with constant folding, each output is a folded constant that
     must equal what ONNX Runtime computes on the model compiled with
     --no-fold (bit for bit; any NaN matches any NaN).  Skipped without node
     and tests/node_modules (tests/setup-deps.sh).

    /usr/bin/python3 tests/numerics.py TSC2ONNX

Needs PyTorch, numpy and onnx (Debian python3-torch python3-onnx).
"""
import os
import runpy
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "numerics")


def compile_model(tsc, path, out):
    p = subprocess.run([tsc, path, "--example", "x=randn(2)", "-o", out], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def bits(a, np):
    """The array's bytes as unsigned integers of its width (NaN payloads and
    the sign of zero included)."""
    a = np.ascontiguousarray(a)
    return a.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[a.itemsize]).tolist()


def run_ort(np, tmp, model, x):
    """The outputs of MODEL in ONNX Runtime (tests/bench/ort_run.js), or an
    error message."""
    import json
    np.save(os.path.join(tmp, "x.npy"), x)
    jobs = {"threads": 1, "jobs": [{"id": "m", "model": model, "outdir": os.path.join(tmp, "out"),
                                    "sets": [{"inputs": {"x": os.path.join(tmp, "x.npy")}}]}]}
    with open(os.path.join(tmp, "jobs.json"), "w") as f:
        json.dump(jobs, f)
    progress = os.path.join(tmp, "progress.jsonl")
    p = subprocess.run(["node", os.path.join(HERE, "bench", "ort_run.js"), os.path.join(tmp, "jobs.json"), progress],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=HERE)
    done = [json.loads(line) for line in open(progress)] if os.path.exists(progress) else []
    done = [d for d in done if "done" in d]
    if p.returncode or not done or done[0]["error"] or done[0]["sets"][0]["error"]:
        return "ONNX Runtime failed: %s" % (done[0] if done else p.stdout.decode("utf-8", "replace")[-300:])
    return [np.load(o["file"]) for o in done[0]["sets"][0]["outputs"]]


def same_values(np, a, b):
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind == "f":
        nan = np.isnan(a)
        return bool((nan == np.isnan(b)).all()) and bits(np.where(nan, 0, a).astype(a.dtype), np) == \
            bits(np.where(nan, 0, b).astype(b.dtype), np)
    return bits(a, np) == bits(b, np)


N_FOLD = 18     # outputs of tests/numerics/fold.py


def check_folding(np, tsc, tmp, first):
    """TAP lines from FIRST for tests/numerics/fold.py; returns the count."""
    if not shutil.which("node") or not os.path.isdir(os.path.join(HERE, "node_modules", "onnxruntime-node")):
        for k in range(N_FOLD):     # one line per planned case
            print("ok %d - fold.py output %d # SKIP node or tests/node_modules missing" % (first + k, k))
        return N_FOLD
    path = os.path.join(CASES, "fold.py")
    results = []
    for name, extra in (("folded", []), ("unfolded", ["--no-fold"])):
        out = os.path.join(tmp, name + ".onnx")
        p = subprocess.run([tsc, path, "--example", "x=randn(2)", "-o", out] + extra, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if p.returncode:
            print("not ok %d - fold.py %s: exit status %d" % (first, name, p.returncode))
            return 1
        os.makedirs(os.path.join(tmp, name))
        results.append(run_ort(np, os.path.join(tmp, name), out, np.array([1.5, -2.0], np.float32)))
    if isinstance(results[0], str) or isinstance(results[1], str):
        print("not ok %d - folding against ONNX Runtime: %s" % (first, results[0] if isinstance(results[0], str)
                                                               else results[1]))
        return 1
    for k, (got, want) in enumerate(zip(*results)):
        ok = same_values(np, got, want)
        print("%s %d - fold.py output %d: folded %s %s, ONNX Runtime %s" % (
            "ok" if ok else "not ok", first + k, k, got.dtype, got.tolist(), want.tolist()))
    return len(results[0])


def main():
    tsc = os.path.abspath(sys.argv[1]) if os.path.sep in sys.argv[1] else sys.argv[1]
    try:
        import numpy as np
        import onnx
        from onnx import numpy_helper
        import torch  # noqa: F401
    except ImportError as e:
        print("1..0 # SKIP %s (run tests/setup-deps.sh)" % e)
        return
    constants = runpy.run_path(os.path.join(CASES, "constants.py"))["Constants"]()
    buffers = dict(constants.named_buffers())
    print("1..%d" % (2 + len(buffers) + N_FOLD))
    floats = os.path.join(CASES, "python_floats.py")
    try:
        runpy.run_path(floats)["Numerics"]()
        print("ok 1 - CPython agrees with tests/numerics/python_floats.py")
    except AssertionError as e:
        print("not ok 1 - CPython fails an assert of tests/numerics/python_floats.py: %r" % e)
    with tempfile.TemporaryDirectory(prefix="tsc-numerics.") as tmp:
        status, err = compile_model(tsc, floats, os.path.join(tmp, "floats.onnx"))
        if status == 0:
            print("ok 2 - compile-time arithmetic agrees with Python (python_floats.py compiles)")
        else:
            print("not ok 2 - python_floats.py: exit status %d" % status)
            for line in err.splitlines()[:8]:
                print("# " + line)
        out = os.path.join(tmp, "constants.onnx")
        status, err = compile_model(tsc, os.path.join(CASES, "constants.py"), out)
        inits = {}
        if status == 0:
            inits = {t.name: numpy_helper.to_array(t) for t in onnx.load(out).graph.initializer}
        for n, (name, want) in enumerate(sorted(buffers.items()), 3):
            want = want.numpy()
            got = inits.get(name)
            if got is None:
                print("not ok %d - buffer %s: not in the model (exit status %d)" % (n, name, status))
                for line in err.splitlines()[:4]:
                    print("# " + line)
            elif got.dtype != want.dtype or got.shape != want.shape or bits(got, np) != bits(want, np):
                print("not ok %d - buffer %s: %s %s, PyTorch has %s %s" % (n, name, got.dtype, got.tolist(),
                                                                         want.dtype, want.tolist()))
            else:
                print("ok %d - buffer %s: %s %s, bit for bit" % (n, name, got.dtype, got.tolist()))
        count = check_folding(np, tsc, tmp, 3 + len(buffers))
        for k in range(count, N_FOLD):
            print("not ok %d - fold.py output %d: missing" % (3 + len(buffers) + k, k))


if __name__ == "__main__":
    main()
