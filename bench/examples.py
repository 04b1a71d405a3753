"""The examples' sections of the benchmark: compile time against PyTorch's
exporter, the emitted graphs against PyTorch's (node count, ONNX Runtime
latency), and the evaluator against ONNX Runtime.

Each example is built in PyTorch by the end-to-end bench's reference step
(tests/bench/bench.py and reference.py, imported, with their own cache in
build/.cache/bench): weights as safetensors, the example inputs as .npy,
and torch.onnx.export's model (the PyTorch default, which traces) at opset
17, the last one this PyTorch exports.  tsc2onnx compiles the same file
with those weights and inputs.  Where PyTorch's exporter cannot handle the
example's own input size (adaptive pooling to a size that does not divide
the input's), the row uses the size it can and says so."""
import argparse
import importlib.util
import json
import os
import sys

from common import (PYTHON, SRCDIR, HERE, Table, fmt_ratio, fmt_time, log, median, repeat,
                    run_timed)

sys.path.insert(0, os.path.join(SRCDIR, "tests", "bench"))
import directives  # noqa: E402
import values  # noqa: E402

OPSET = 17

# Examples whose own example input PyTorch's exporter refuses: the input used instead.
INPUT_OVERRIDES = {
    "alexnet.ts": "x=randn(1,3,224,224)",
    "vgg.ts": "x=randn(1,3,224,224)",
}

QUICK_EXAMPLES = ("mlp.ts", "loop.ts", "superres.ts")

# Examples whose control flow depends on an input: PyTorch's traced export
# unrolls it for the example input and computes another function for other
# inputs, so it is shown but not compared against.
INPUT_DEPENDENT = ("loop.ts",)


def load_e2e():
    spec = importlib.util.spec_from_file_location(
        "e2e_bench", os.path.join(SRCDIR, "tests", "bench", "bench.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Example:
    def __init__(self, case):
        self.case = case
        self.name = os.path.basename(case.path)
        self.note = None
        self.entry = None       # reference cache entry
        self.manifest = None
        self.ours = None        # our .onnx (script mode)
        self.ours_trace = None
        self.torch_trace = None     # PyTorch's default export (tracing)
        self.torch_script = None    # torch.jit.script + export, when it works
        self.results = {}

    @property
    def label(self):
        return self.name[:-3] + (" (%s)" % self.note if self.note else "")

    def tsc_args(self):
        m = self.manifest
        args = ["--opset", str(OPSET), "--weights", os.path.join(self.entry, m["weights"])]
        for name in m["inputs"]:
            f = os.path.join(self.entry, m["sets"][0]["inputs"][name]["file"])
            args += ["--example", "%s=@%s" % (name, f)]
        return args + self.case.options

    def input_files(self):
        m = self.manifest
        return {n: os.path.join(self.entry, m["sets"][0]["inputs"][n]["file"]) for n in m["inputs"]}


def discover(env, only=None):
    names = sorted(f for f in os.listdir(os.path.join(SRCDIR, "examples")) if f.endswith(".ts"))
    if env.quick:
        names = [n for n in names if n in QUICK_EXAMPLES]
    if only:
        names = [n for n in names if n[:-3] in only or n in only]
    out = []
    for n in names:
        path = os.path.join(SRCDIR, "examples", n)
        case = directives.parse_case(path, directives.case_name(path, SRCDIR))
        ex = Example(case)
        if n in INPUT_OVERRIDES:
            case.example = values.parse_assignments(INPUT_OVERRIDES[n])
            ex.note = "input " + "x".join(str(d) for d in case.example[0][1].dims[2:])
        case.input_sets = []
        out.append(ex)
    return out


def references(env, examples):
    """The e2e bench's reference step for EXAMPLES (weights, inputs,
    PyTorch's traced export), cached under build/.cache/bench."""
    os.environ["TSC_BENCH_CACHE"] = env.cachedir
    os.environ["TSC_BENCH_WORKDIR"] = env.path("e2e", "work")
    os.environ["TSC_BUILDDIR"] = env.builddir
    e2e = load_e2e()
    b = e2e.Bench(argparse.Namespace(exporter="torch", cases=[e.case.path for e in examples]))
    b.python = PYTHON
    b.cases = {e.case.path: e.case for e in examples}
    b.runs = [e2e.Run(e.case, OPSET, "torch") for e in examples]
    os.makedirs(b.workdir, exist_ok=True)
    b.reference()
    for e in examples:
        e.entry, e.manifest = b.manifests[e.case.path]
        if e.manifest.get("error"):
            e.results["error"] = "PyTorch: " + e.manifest["error"].splitlines()[-1]
            continue
        exp = e.manifest["exports"].get(str(OPSET), {})
        if "file" in exp:
            e.torch_trace = os.path.join(e.entry, exp["file"])
        e.seed = e2e.Bench.seed(e.case)


def trace_available(env):
    mlp = os.path.join(SRCDIR, "examples", "mlp.ts")
    r = run_timed([env.tsc, mlp, "--trace", "--example", "a=randn(2,4)", "--example",
                   "b=randn(2,3)", "--example", "c=randn(2,5)", "-o", env.path("probe.onnx")])
    return not (r.rc == 2 and "not supported yet" in r.err)


def torch_export(env, e, mode):
    """PyTorch's export of E in MODE, timed in fresh processes: the median of
    each stage, or {"error": ...}."""
    runs = []
    for i in range(env.torch_runs):
        out = env.path("torch", "%s-%s.onnx" % (e.name[:-3], mode))
        job = {"path": e.case.path, "dir": e.case.dir, "name": e.case.name,
               "options": e.case.options, "seed": e.seed,
               "sets": [[(n, s.text) for n, s in e.case.example or []]],
               "opset": OPSET, "mode": mode, "out": out, "workdir": env.path("torch", "inputs", "")}
        jf, rf = env.path("torch", "job.json"), env.path("torch", "result.json")
        with open(jf, "w") as f:
            json.dump(job, f)
        r = run_timed([PYTHON, "-B", os.path.join(HERE, "torch_export.py"), jf, rf], timeout=600)
        try:
            with open(rf) as f:
                res = json.load(f)
            os.unlink(rf)
        except (OSError, ValueError):
            return {"error": "the PyTorch process failed (status %d): %s"
                    % (r.rc, (r.err.strip().splitlines() or [""])[-1])}
        if res.get("error"):
            return res
        res["file"] = out
        runs.append(res)
    keys = ("import", "load", "construct", "script", "export")
    out = {k: median([r.get(k) for r in runs]) for k in keys}
    out["file"] = runs[-1]["file"]
    out["compile"] = (out["script"] or 0) + out["export"]
    out["total"] = out["compile"] + out["load"] + out["construct"]
    return out


def cp_time(env, src, runs):
    """Median wall of `cp SRC` to a new file: the floor of writing SRC's bytes."""
    walls = []
    for i in range(runs):
        dst = env.path("cp", "copy.%d" % i)
        r = run_timed(["cp", src, dst])
        if os.path.exists(dst):
            os.unlink(dst)
        if not r.ok:
            return None
        walls.append(r.wall)
    return median(walls)


def repeat_with_floor(env, cmd, cwd, runs):
    """CMD's runs alternated with runs of `tsc2onnx --version`, so that the
    ratio compares times of the same minutes (this machine's process start
    drifts by half from one minute to the next): (median wall, median RSS,
    last Timed, median floor), or (None, None, failing Timed, None)."""
    walls, rss, floors, last = [], [], [], None
    for _ in range(max(runs, 1)):
        f = run_timed([env.tsc, "--version"])
        last = run_timed(cmd, cwd=cwd)
        if not last.ok:
            return None, None, last, None
        if f.ok:
            floors.append(f.wall)
        walls.append(last.wall)
        rss.append(last.rss)
    return median(walls), median(rss), last, median(floors) if floors else None


def compile_section(env, examples, trace_ok):
    log("compile time: %d examples" % len(examples))
    # What a process costs before it does anything: the floor under every
    # tsc2onnx figure, measured like them.
    env.floor_true, _, _ = repeat(["/bin/true"], 20)
    env.floor_tsc, _, _ = repeat([env.tsc, "--version"], 20)
    for e in examples:
        if "error" in e.results:
            continue
        e.ours = env.path("ours", e.name[:-3] + ".onnx")
        cmd = [env.tsc, os.path.basename(e.case.path)] + e.tsc_args() + ["-o", e.ours]
        # the small examples take milliseconds: more runs, a steadier median
        runs = max(env.runs, SMALL_RUNS) if e.name in SMALL_EXAMPLES else env.runs
        wall, rss, last, floor = repeat_with_floor(env, cmd, e.case.dir, runs)
        if wall is None:
            e.results["error"] = "tsc2onnx: " + (last.err.strip().splitlines() or ["status %d" % last.rc])[0]
            continue
        e.results["tsc"] = wall
        e.results["tsc_rss"] = rss
        e.results["floor"] = floor
        e.results["cp"] = cp_time(env, e.ours, env.runs)
        if trace_ok:
            e.ours_trace = env.path("ours", e.name[:-3] + "-trace.onnx")
            cmd = [env.tsc, os.path.basename(e.case.path), "--trace"] + e.tsc_args() + ["-o", e.ours_trace]
            wall, _, last = repeat(cmd, env.runs, cwd=e.case.dir)
            e.results["tsc_trace"] = wall if wall is not None else \
                "error: " + (last.err.strip().splitlines() or [""])[0]
        for mode in ("script", "trace"):
            log("  %s: PyTorch %s" % (e.name, mode))
            e.results["torch_" + mode] = torch_export(env, e, mode)
        s = e.results["torch_script"]
        if "error" not in s:
            e.torch_script = s["file"]


# Examples small enough that a compile is mostly the process's start: their
# target is the start floor (`tsc2onnx --version`).
SMALL_EXAMPLES = ("mlp.ts", "loop.ts")
SMALL_RUNS = 21
START_TARGET_RATIO = 2.0


def compile_table(env, examples, trace_ok):
    t = Table("Compile time: tsc2onnx against its floors, and against torch.jit.script + "
              "torch.onnx.export (opset %d)" % OPSET,
              ["example", "tsc2onnx", "over start", "cp of the .onnx", "over cp",
               "PyTorch script+export", "ratio", "PyTorch trace export", "ratio", "PyTorch import",
               "PyTorch load+construct", "tsc2onnx --trace",
               "target <= %gx start" % START_TARGET_RATIO],
              "Medians of whole runs of the command (process start, reading the weights, "
              "writing the .onnx).  Over start: tsc2onnx / `tsc2onnx --version` (%s here; "
              "`/bin/true` %s), the floor of any run, its runs alternated with the example's; over cp: tsc2onnx / `cp` of the .onnx it "
              "wrote to a new file, the floor of writing it.  The target applies to the small "
              "examples (%s), which are mostly start.  PyTorch's times exclude `import torch` "
              "(shown apart) and, in the ratio columns, building the module (load+construct, "
              "shown apart); ratio = PyTorch / tsc2onnx." % (
                  fmt_time(env.floor_tsc), fmt_time(env.floor_true),
                  ", ".join(n[:-3] for n in SMALL_EXAMPLES)))
    met_all = True
    for e in examples:
        r = e.results
        judged = e.name in SMALL_EXAMPLES
        if "tsc" not in r:
            t.add(e.label, r.get("error", "-"), *["-"] * 10, "not met" if judged else "-")
            met_all &= not judged
            continue
        floor = r.get("floor") or env.floor_tsc
        over_start = r["tsc"] / floor if floor else None
        cells = [e.label, fmt_time(r["tsc"]), fmt_ratio(over_start), fmt_time(r.get("cp")),
                 fmt_ratio(r["tsc"] / r["cp"] if r.get("cp") else None)]
        for mode in ("script", "trace"):
            s = r.get("torch_" + mode, {})
            if "error" in s:
                cells += ["fails: " + s["error"][:60], "-"]
            else:
                cells += [fmt_time(s["compile"]), fmt_ratio(s["compile"] / r["tsc"])]
        any_torch = next((r["torch_" + m] for m in ("script", "trace") if "error" not in r["torch_" + m]), None)
        cells += [fmt_time(any_torch["import"]) if any_torch else "-",
                  fmt_time(any_torch["load"] + any_torch["construct"]) if any_torch else "-"]
        tr = r.get("tsc_trace")
        cells.append(fmt_time(tr) if isinstance(tr, float) else
                     (tr or "trace mode not available") if trace_ok else "trace mode not available")
        met = over_start is not None and over_start <= START_TARGET_RATIO
        if judged:
            met_all &= met
        cells.append(("met" if met else "not met") if judged else "-")
        t.add(*cells)
    return t, met_all


# --- graph quality ----------------------------------------------------------

def node_counts(path):
    """Nodes of the model at PATH (those of Loop/If bodies included) by op."""
    import onnx
    from collections import Counter

    def walk(g, c):
        for n in g.node:
            c[n.op_type] += 1
            for a in n.attribute:
                if a.type == onnx.AttributeProto.GRAPH:
                    walk(a.g, c)
                for sub in a.graphs:
                    walk(sub, c)
        return c
    return walk(onnx.load(path, load_external_data=False).graph, Counter())


def ort_jobs(env, jobs):
    """Runs bench/ort_time.js on JOBS; {job id: {model: result}}."""
    jf, rf = env.path("ort", "jobs.json"), env.path("ort", "result.json")
    with open(jf, "w") as f:
        json.dump({"threads": 1, "jobs": jobs}, f)
    r = run_timed(["node", os.path.join(HERE, "ort_time.js"), jf, rf])
    if r.rc != 0:
        raise RuntimeError("ort_time.js failed: " + r.err.strip()[-500:])
    with open(rf) as f:
        return json.load(f)


def quality_section(env, examples):
    log("graph quality: node counts and ONNX Runtime latency")
    jobs = []
    for e in examples:
        if not e.ours or "tsc" not in e.results:
            continue
        e.results["nodes"] = node_counts(e.ours)
        models = {"ours": e.ours}
        for key, path in (("torch_trace", e.torch_trace), ("torch_script", e.torch_script)):
            if path and os.path.exists(path):
                e.results["nodes_" + key] = node_counts(path)
                models[key] = path
        # Two sessions of every model: latency is the median over both, and how
        # far two sessions of one model land apart is the noise.
        for key in list(models):
            models[key + "_again"] = models[key]
        jobs.append({"id": e.name, "models": models, "inputs": e.input_files(), "sessions": 1,
                     "warmup": 3, "runs": env.ort_runs})
    res = ort_jobs(env, jobs) if jobs else {}
    for e in examples:
        if e.name in res:
            e.results["ort"] = res[e.name]


def latency(res, key):
    """Median run time over both sessions of model KEY."""
    runs = []
    for k in (key, key + "_again"):
        r = res.get(k)
        if not r or r["error"]:
            return None
        runs += r["run_ms"]
    return median(runs) if runs else None


def session_noise(res, key):
    """How far apart the medians of two sessions of model KEY are."""
    a, b = res.get(key), res.get(key + "_again")
    if not a or not b or a["error"] or b["error"] or not a["run_ms"] or not b["run_ms"]:
        return 0.0
    return abs(median(b["run_ms"]) / median(a["run_ms"]) - 1)


def quality_table(examples):
    t = Table("Emitted graphs: tsc2onnx vs PyTorch's export, opset %d" % OPSET,
              ["example", "nodes", "PyTorch trace", "PyTorch script", "ORT latency",
               "PyTorch trace", "ratio", "PyTorch script", "ratio", "noise (A/A)", "target"],
              "Nodes count those inside Loop/If bodies; PyTorch's counts include its Constant "
              "nodes (ours hold constants as initializers).  Latency: median of the runs of "
              "two sessions of each model in ONNX Runtime (1 thread, all graph "
              "optimizations), the sessions alternated in one process; noise is the largest "
              "difference between the two sessions of one model.  The target is met when our node count is <= every PyTorch "
              "export's and our latency ratio is <= 1.0 within noise (1 + max(0.05, noise)); "
              "a traced export of a model whose loops depend on an input is valid for the "
              "example input only (another function) and is not judged against.")
    met_all = True
    for e in examples:
        r = e.results
        if "nodes" not in r:
            t.add(e.label, r.get("error", "-"), *["-"] * 9)
            met_all = False
            continue
        ours_n = sum(r["nodes"].values())
        tn = sum(r["nodes_torch_trace"].values()) if "nodes_torch_trace" in r else None
        traced_valid = e.name not in INPUT_DEPENDENT
        sn = sum(r["nodes_torch_script"].values()) if "nodes_torch_script" in r else None
        ort = r.get("ort", {})
        lo = latency(ort, "ours")
        lt, ls = latency(ort, "torch_trace"), latency(ort, "torch_script")
        noise = max(session_noise(ort, k) for k in ("ours", "torch_trace", "torch_script"))
        rt = lo / lt if lo and lt else None
        rs = lo / ls if lo and ls else None
        tol = 1 + max(0.05, noise)
        judged_n = (tn if traced_valid else None, sn)
        judged_r = (rt if traced_valid else None, rs)
        nodes_ok = all(n is None or ours_n <= n for n in judged_n) and any(n is not None for n in judged_n)
        lat_ok = lo is not None and all(x is None or x <= tol for x in judged_r) and \
            any(x is not None for x in judged_r)
        met = bool(nodes_ok and lat_ok)
        met_all &= met
        why = [] if met else (["nodes"] if not nodes_ok else []) + (["latency"] if not lat_ok else [])
        err = ort.get("ours", {}).get("error") if ort else None
        tmark = "" if traced_valid else " (for the example input only)"
        t.add(e.label, ours_n, (str(tn) + tmark) if tn is not None else "-", sn if sn is not None else "-",
              ("%.3f ms" % lo) if lo else ("error: " + err[:50] if err else "-"),
              ("%.3f ms" % lt) if lt else "-", fmt_ratio(rt, 2), ("%.3f ms" % ls) if ls else "-",
              fmt_ratio(rs, 2), "%.1f%%" % (noise * 100),
              "met" if met else "not met (%s)" % ", ".join(why))
    return t, met_all


# --- the evaluator ----------------------------------------------------------

# The evaluator's target: warm runs within 3x of ONNX Runtime's (one thread)
# on the convolutional networks.
EVAL_TARGET_NETS = ("resnet.ts", "densenet.ts", "vgg.ts", "inception.ts")
EVAL_TARGET_RATIO = 3.0
EVAL_WARM_RUNS = 10


def parse_repeat(text):
    """The median run time (s) that `tsc2onnx run --repeat` printed, or None."""
    import re
    m = re.search(r"run: median ([0-9.]+) ms", text)
    return float(m.group(1)) / 1e3 if m else None


def eval_section(env, examples):
    log("evaluator: tsc2onnx run vs ONNX Runtime")
    for e in examples:
        if not e.ours or "tsc" not in e.results:
            continue
        cmd = [env.tsc, "run", e.ours]
        for n, f in e.input_files().items():
            cmd += ["--input", "%s=@%s" % (n, f)]
        cmd += ["-o", env.path("eval", e.name[:-3], "")]
        wall, _, last = repeat(cmd, env.runs)
        e.results["eval"] = wall if wall is not None else \
            "error: " + (last.err.strip().splitlines() or [""])[0][:60]
        if wall is not None:
            r = run_timed(cmd + ["--repeat", str(1 if env.quick else EVAL_WARM_RUNS)])
            e.results["eval_warm"] = parse_repeat(r.err) if r.ok else None


def eval_table(examples):
    t = Table("Evaluator: tsc2onnx run vs ONNX Runtime (our graphs)",
              ["example", "tsc2onnx run", "ORT create + first run", "ratio", "tsc2onnx run (warm)",
               "ORT run (warm)", "ratio", "target <= %gx" % EVAL_TARGET_RATIO],
              "tsc2onnx run: the whole command (load the .onnx, run once, write the outputs), "
              "median; warm: the median of %d more runs in the same process (`run --repeat`), "
              "its large products through the BLAS it was built with.  ONNX Runtime: session "
              "creation plus its first run, and the median warm run, inside one node process "
              "(node's own start-up excluded), one thread.  Ratio = tsc2onnx / ONNX Runtime.  "
              "The target applies to the convolutional networks (%s)." % (
                  EVAL_WARM_RUNS, ", ".join(n[:-3] for n in EVAL_TARGET_NETS)))
    met_all = True
    for e in examples:
        r = e.results
        ev = r.get("eval")
        o = r.get("ort", {}).get("ours")
        judged = e.name in EVAL_TARGET_NETS
        if ev is None or isinstance(ev, str) or not o or o["error"]:
            t.add(e.label, ev if isinstance(ev, str) else "-", *["-"] * 5,
                  "not met" if judged else "-")
            met_all &= not judged
            continue
        cold = (o["create_ms"][-1] + o["first_run_ms"]) / 1e3
        warm = median(o["run_ms"]) / 1e3
        ours = r.get("eval_warm")
        ratio = ours / warm if ours and warm else None
        met = ratio is not None and ratio <= EVAL_TARGET_RATIO
        if judged:
            met_all &= met
        t.add(e.label, fmt_time(ev), fmt_time(cold), fmt_ratio(ev / cold), fmt_time(ours),
              fmt_time(warm), fmt_ratio(ratio), ("met" if met else "not met") if judged else "-")
    return t, met_all


