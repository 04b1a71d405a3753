"""A model over protobuf's 2 GiB limit (tests/export-big.sh runs it).

    /usr/bin/python3 -B tests/export/big.py

tests/export/models/big_stack.py with its defaults (four 12288x12288
Linear layers: 2.25 GiB of float32 weights, the largest tensor 576 MiB) is
compiled with --seed weights and no --external-data: the compiler must
write the tensors to MODEL.onnx.HASH.data by itself, with ONNX's external-data
fields, while its peak RSS (from /usr/bin/time -v) stays under 1.5 x the
largest tensor plus a fixed overhead.  Then the model must pass the onnx
checker, load in ONNX Runtime, and compute what numpy computes from the
data file's bytes.  Skipped when the disk has under 6 GB free; every file is
removed at the end.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import onnx
import onnx.checker

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.abspath(os.environ.get("TSC_SRCDIR") or os.path.join(HERE, "..", ".."))
TSC = os.environ.get("TSC2ONNX") or os.path.join(os.environ.get("TSC_BUILDDIR", "."), "tsc2onnx")
WIDTH, DEPTH = 12288, 4
LARGEST = WIDTH * WIDTH * 4
OVERHEAD = 96 * 1024 * 1024     # the compiler itself, the arena, stdio
NEEDED_DISK = 6 * 10 ** 9

n = 0


def result(ok, what, detail=()):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok:
        for line in detail:
            print("#   %s" % line)
    sys.stdout.flush()
    return ok


def compile_model(work):
    out = os.path.join(work, "big.onnx")
    cmd = ["/usr/bin/time", "-v", TSC, os.path.join(SRC, "tests", "export", "models", "big_stack.py"),
           "--input", "x:float32[B,%d]" % WIDTH, "--seed", "3", "-o", out]
    p = subprocess.run(cmd, capture_output=True, timeout=900)
    err = p.stderr.decode("utf-8", "replace")
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    rss = int(m.group(1)) * 1024 if m else None
    return out, p.returncode, err, rss


# the data file is named after its content: MODEL.HASH.data
DATA_NAME = re.compile(r"big\.onnx\.[0-9a-f]{16}\.data$")


def data_file(path):
    d = os.path.dirname(path)
    names = [n for n in os.listdir(d) if DATA_NAME.match(n)]
    return os.path.join(d, names[0]) if len(names) == 1 else path + ".HASH.data"


def external_fields(path):
    model = onnx.load(path, load_external_data=False)
    problems = []
    for t in model.graph.initializer:
        fields = {e.key: e.value for e in t.external_data}
        if t.data_location != onnx.TensorProto.EXTERNAL or not DATA_NAME.match(fields.get("location", "")):
            problems.append("%s: data_location %d, %s" % (t.name, t.data_location, fields))
        elif int(fields["length"]) != LARGEST or t.raw_data:
            problems.append("%s: length %s" % (t.name, fields["length"]))
    return model, problems


def numpy_reference(model, data_path, x):
    """x through the layers, the weights read from the data file."""
    y = x
    for t in model.graph.initializer:
        fields = {e.key: e.value for e in t.external_data}
        w = np.memmap(data_path, dtype=np.float32, mode="r", offset=int(fields["offset"]),
                      shape=(WIDTH, WIDTH))
        y = y @ w.T
        del w
    return y


def run_ort(work, path, x):
    np.save(os.path.join(work, "x.npy"), x)
    jobs = {"threads": 1, "jobs": [{"id": 0, "model": path, "outdir": os.path.join(work, "ort"),
                                    "sets": [{"inputs": {"x": os.path.join(work, "x.npy")}}]}]}
    with open(os.path.join(work, "jobs.json"), "w") as f:
        json.dump(jobs, f)
    progress = os.path.join(work, "progress.jsonl")
    bench = os.path.join(SRC, "tests", "bench")
    p = subprocess.run(["node", os.path.join(bench, "ort_run.js"), os.path.join(work, "jobs.json"), progress],
                       capture_output=True, cwd=bench, timeout=900)
    rec = None
    if os.path.exists(progress):
        with open(progress) as f:
            for line in f:
                r = json.loads(line)
                if "done" in r:
                    rec = r
    if rec is None:
        return None, p.stderr.decode()[-800:]
    if rec["error"] or rec["sets"][0]["error"]:
        return None, rec["error"] or rec["sets"][0]["error"]
    return np.load(rec["sets"][0]["outputs"][0]["file"]), None


def main():
    if shutil.which("node") is None or \
            not os.path.isdir(os.path.join(SRC, "tests", "node_modules", "onnxruntime-node")):
        print("1..0 # SKIP node or onnxruntime-node is missing (run tests/setup-deps.sh)")
        return 0
    base = os.environ.get("TMPDIR") or tempfile.gettempdir()
    free = shutil.disk_usage(base).free
    if free < NEEDED_DISK:
        print("1..0 # SKIP %.1f GB free in %s, the test needs 6 GB" % (free / 1e9, base))
        return 0
    work = tempfile.mkdtemp(prefix="tsc-big.", dir=base)
    try:
        path, status, err, rss = compile_model(work)
        data = data_file(path)
        if not result(status == 0, "a 2.25 GiB model compiles with --seed weights",
                      ["exit status %d" % status] + err.splitlines()[:20]):
            return 0
        result("larger than protobuf's 2 GiB limit" in err and os.path.exists(data),
               "over 2 GiB, the tensors go to big.onnx.HASH.data by themselves (with a warning)", err.splitlines()[:3])
        limit = 1.5 * LARGEST + OVERHEAD
        result(rss is not None and rss < limit,
               "peak RSS %.0f MiB < 1.5 x the largest tensor (576 MiB) + 96 MiB" % ((rss or 0) / 2 ** 20),
               ["limit %.0f MiB" % (limit / 2 ** 20)])
        model, problems = external_fields(path)
        result(not problems and os.path.getsize(data) >= DEPTH * LARGEST and os.path.getsize(path) < 65536,
               "every weight has data_location EXTERNAL with location, offset and length", problems[:5])
        try:
            onnx.checker.check_model(path)
            result(True, "onnx.checker accepts the model (by path)")
        except Exception as e:
            result(False, "onnx.checker accepts the model (by path)", str(e).splitlines()[:10])
        x = np.random.default_rng(5).standard_normal((2, WIDTH)).astype(np.float32)
        got, why = run_ort(work, path, x)
        result(got is not None, "ONNX Runtime loads and runs it", [why or ""])
        if got is not None:
            want = numpy_reference(model, data, x)
            diff = float(np.max(np.abs(got - want)))
            result(np.allclose(got, want, rtol=1e-3, atol=1e-4),
                   "ONNX Runtime's output matches numpy on the data file's weights",
                   ["max abs diff %g" % diff])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("1..%d" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
