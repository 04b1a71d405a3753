"""The end-to-end bench: the same model file in PyTorch eager and, compiled,
in ONNX Runtime; one TAP test per (case, opset).  tests/e2e.sh runs it.

    /usr/bin/python3 -B tests/bench/bench.py [--exporter MODE] [CASE.py ...]

Cases: examples/*.ts and tests/e2e/**/*.py (files named _*.py are helper
modules that cases import, not cases), or the files named on the command
line.  Their directives are described in directives.py, input values in
values.py.

Steps, each batched so that torch is imported once and node started once:
    a. reference   reference.py in one /usr/bin/python3 process for every case
                   not in the cache: weights, inputs, PyTorch's outputs (and
                   torch.jit.trace's, for '# trace:' and '# compare:' cases)
    b. compile     $TSC2ONNX for each case x opset (or, in the torch mode,
                   torch.onnx.export inside step a); with --trace for a
                   '# trace:' or '# compare:' case (its first and last
                   opsets, run on its example only)
    c. check       onnx.checker.check_model(full_check=True), in this process
                   (verdicts cached by the model's bytes)
    d. run         ort_run.js in one node process for every model
    e. compare     compare.py, in this process
    f. evaluate    for '# compare:' cases: `tsc2onnx run` (the evaluator) on
                   every input set, against ONNX Runtime's outputs
    g. trace       for '# compare:' cases: `tsc2onnx compare` must exit 3
                   (diverges) or 0 (agrees), and torch.jit.trace must differ
                   from eager on some input set (diverges) or on none (agrees);
                   one TAP test per case

Modes (--exporter, default from $TSC_BENCH_EXPORTER):
    default    the bench's self-test (tests/e2e/bench/ with torch.onnx.export,
               and checks that the compare step rejects wrong numbers), then
               tsc2onnx on every case; with cases named on the command line,
               only tsc2onnx on those
    tsc2onnx   tsc2onnx only
    torch      torch.onnx.export on every case (checks the cases themselves),
               plus the compare self-checks

While the compiler is being written, a case it rejects with exit status 2
and 'not supported yet' is a SKIP; TSC_BENCH_STRICT=1 makes it a failure.

Environment: TSC2ONNX, TSC_SRCDIR, TSC_BUILDDIR (from make check);
TSC_BENCH_CACHE (default $TSC_TEST_CACHE/e2e, $TSC_TEST_CACHE being
$TSC_BUILDDIR/.cache unless set), TSC_BENCH_WORKDIR (default
$TSC_BUILDDIR/tests/e2e.work; the files of a run that passed are removed at
the end unless TSC_BENCH_KEEP=1), TSC_BENCH_JOBS (parallel compiles),
TSC_BENCH_REQUIRE_DEPS=1 (missing torch/onnx/node is an error, not a skip),
TSC_BENCH_TIMEOUT (seconds per case in PyTorch and per compile, default 120).
"""
import argparse
import glob
import hashlib
import importlib.util
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import directives  # noqa: E402
import safetensors  # noqa: E402

SELFTEST_DIR = os.path.join("tests", "e2e", "bench")
TORCH_LABEL = "[torch.onnx.export]"
TRACE_LABEL = "[--trace, on the example]"
CACHE_FORMAT = b"tsc2onnx-e2e-cache-1"


class Run:
    """One TAP test: a case compiled at one opset by one exporter."""

    def __init__(self, case, opset, exporter, variant=None):
        self.case = case
        self.opset = opset
        self.exporter = exporter            # 'tsc2onnx', 'trace' (tsc2onnx --trace) or 'torch'
        self.extra = []                     # a '# variants:' entry's options
        self.variant = None                 # and its text
        if variant is not None:
            self.extra, self.variant = case.variants[variant][2:]
        self.status = None                  # None (so far ok), 'fail' or 'skip'
        self.diag = []
        self.notes = []                     # shown in the description
        self.comments = []                  # shown under an ok line
        self.model = None
        self.ort = None                     # ort_run.js result for the job
        slug = re.sub(r"[^A-Za-z0-9_./-]+", "_", os.path.splitext(case.name)[0])
        slug = "/".join(p for p in slug.split("/") if p not in ("", ".", ".."))
        self.workdir = None     # set by Bench.compile
        self.slug = "%s/%s-opset%d" % (slug, exporter, opset)
        if variant is not None:
            self.slug += "-variant%d" % variant

    def fail(self, step, message, detail=()):
        if self.status is None:
            self.status = "fail"
            self.diag = ["step: %s: %s" % (step, message)] + list(detail)

    def skip(self, step, reason):
        if self.status is None:
            self.status = "skip"
            self.diag = ["%s: %s" % (step, reason) if step != "compile" else reason]

    @property
    def pending(self):
        return self.status is None

    def description(self):
        n = len(self.case.all_sets) if self.exporter != "trace" else 1
        text = "%s opset %d (%d input set%s%s)" % (
            self.case.name, self.opset, n, "" if n == 1 else "s",
            "".join("; " + note for note in self.notes))
        if self.variant:
            text += " [variant: %s]" % self.variant
        return text + {"torch": " " + TORCH_LABEL, "trace": " " + TRACE_LABEL}.get(self.exporter, "")


class Bench:
    def __init__(self, args):
        env = os.environ
        self.srcdir = os.path.abspath(env.get("TSC_SRCDIR") or os.path.join(HERE, "..", ".."))
        builddir = env.get("TSC_BUILDDIR")
        self.builddir = os.path.abspath(builddir) if builddir else None
        base_cache = env.get("TSC_TEST_CACHE") or (
            os.path.join(self.builddir, ".cache") if builddir else os.path.join(self.srcdir, "tests", ".cache"))
        base_work = os.path.join(self.builddir, "tests", "e2e.work") if builddir else \
            os.path.join(self.srcdir, "tests", "out", "e2e")
        self.cachedir = os.path.abspath(env.get("TSC_BENCH_CACHE") or os.path.join(base_cache, "e2e"))
        self.workdir = os.path.abspath(env.get("TSC_BENCH_WORKDIR") or base_work)
        default_tsc = os.path.join(self.builddir, "tsc2onnx") if builddir else "tsc2onnx"
        self.tsc = env.get("TSC2ONNX") or default_tsc
        self.jobs = int(env.get("TSC_BENCH_JOBS") or os.cpu_count() or 1)
        self.timeout = int(env.get("TSC_BENCH_TIMEOUT") or 120)
        self.strict = env.get("TSC_BENCH_STRICT") == "1"
        self.keep = env.get("TSC_BENCH_KEEP") == "1"
        self.exporter = args.exporter or env.get("TSC_BENCH_EXPORTER") or "default"
        self.case_args = args.cases
        self.python = sys.executable
        self.node = shutil.which("node")
        self.timings = []
        self.cases = {}          # path -> Case
        self.manifests = {}      # path -> (entry dir, manifest)
        self.runs = []
        self.selfchecks = []     # (case name, output index, alteration), after compare
        self.trace_checks = []   # TraceCheck, one per '# compare:' case

    # --- planning ------------------------------------------------------------

    def missing_dependencies(self):
        missing = []
        for mod in ("numpy", "torch", "onnx"):
            if importlib.util.find_spec(mod) is None:
                missing.append("%s for %s (Debian: python3-%s)" % (mod, self.python, mod))
        if not self.node:
            missing.append("node (Debian: nodejs)")
        if not os.path.isfile(os.path.join(HERE, "..", "node_modules",
                                           "onnxruntime-node", "package.json")):
            missing.append("onnxruntime-node (run tests/setup-deps.sh)")
        return missing

    def case(self, path):
        path = os.path.abspath(path)
        if path not in self.cases:
            self.cases[path] = directives.parse_case(path, directives.case_name(path, self.srcdir))
        return self.cases[path]

    def plan(self):
        if self.case_args:
            paths = []
            for p in self.case_args:
                p = p if os.path.exists(p) else os.path.join(self.srcdir, p)
                paths += directives.cases_under(p) if os.path.isdir(p) else [p]
        else:
            paths = directives.discover(self.srcdir)
        selftest = [p for p in directives.discover(self.srcdir)
                    if directives.case_name(p, self.srcdir).startswith(SELFTEST_DIR + os.sep)]
        if self.exporter == "default" and not self.case_args:
            plan = [(p, "torch") for p in selftest] + [(p, "tsc2onnx") for p in paths]
        elif self.exporter in ("default", "tsc2onnx"):
            plan = [(p, "tsc2onnx") for p in paths]
        elif self.exporter == "torch":
            plan = [(p, "torch") for p in paths]
        else:
            raise SystemExit("bench.py: unknown exporter '%s' (default, tsc2onnx or torch)"
                             % self.exporter)
        for path, exporter in plan:
            case = self.case(path)
            for opset in case.opsets:
                self.runs.append(Run(case, opset, exporter))
        for path, exporter in plan:
            case = self.case(path)
            if exporter == "tsc2onnx" and case.trace:
                for opset in sorted({min(case.opsets), max(case.opsets)}):
                    self.runs.append(Run(case, opset, "trace"))
            if exporter == "tsc2onnx" and case.compare:
                self.trace_checks.append(TraceCheck(case))
            for k, (opset, trace, _, _) in enumerate(case.variants if exporter == "tsc2onnx" else []):
                self.runs.append(Run(case, opset or max(case.opsets), "trace" if trace else "tsc2onnx", k))
        self.plan_selfchecks()

    # --- step a: reference ---------------------------------------------------

    # The files whose code decides what the reference step writes.
    REFERENCE_SOURCES = ("reference.py", "values.py", "safetensors.py")

    def harness_digest(self):
        h = hashlib.sha256(CACHE_FORMAT)
        for name in self.REFERENCE_SOURCES:
            with open(os.path.join(HERE, name), "rb") as f:
                h.update(name.encode() + b"\0" + f.read() + b"\0")
        for dist in ("torch", "numpy"):
            try:
                from importlib import metadata
                h.update(("%s=%s\0" % (dist, metadata.version(dist))).encode())
            except Exception:
                h.update(("%s=?\0" % dist).encode())
        return h.digest()

    def reference_job(self, case, digest):
        """The job for reference.py; its cache entry is named by a hash of the
        job itself, the case file and the reference code."""
        job = {
            "name": case.name, "path": case.path, "dir": case.dir,
            "options": case.options, "include_dirs": self.include_dirs(case),
            "seed": self.seed(case), "opsets": case.opsets,
            "tolerance": {"rtol": case.rtol, "atol": case.atol},
            "sets": [[(n, s.text) for n, s in one] for one in case.all_sets],
        }
        if case.trace:
            job["trace"] = True     # torch.jit.trace's outputs too
        h = hashlib.sha256(digest)
        h.update(json.dumps(job, sort_keys=True).encode() + b"\0" + case.text)
        job["outdir"] = os.path.join(self.cachedir, "ref", h.hexdigest()[:32])
        return job

    @staticmethod
    def seed(case):
        return int.from_bytes(hashlib.sha256(case.name.encode()).digest()[:4], "little")

    @staticmethod
    def cached(entry, export_opsets):
        """The manifest of a valid cache entry, else None."""
        m = load_manifest(entry)
        if m is None:
            return None
        for path, digest in m.get("deps", {}).items():
            try:
                with open(path, "rb") as f:
                    if hashlib.sha256(f.read()).hexdigest() != digest:
                        return None
            except OSError:
                if digest != "missing":
                    return None
        if m.get("timed_out"):
            return None     # perhaps only a busy machine: try again next time
        if not m["error"] and not set(map(str, export_opsets)) <= set(m["exports"]):
            return None
        return m

    def include_dirs(self, case):
        dirs = []
        opts = case.options
        for i, o in enumerate(opts):
            if o == "-I" and i + 1 < len(opts):
                dirs.append(opts[i + 1])
            elif o.startswith("-I") and len(o) > 2:
                dirs.append(o[2:])
        return [os.path.normpath(os.path.join(case.dir, d)) for d in dirs]

    def reference(self):
        t0 = time.time()
        digest = self.harness_digest()
        exports = {}
        for r in self.runs:
            exports.setdefault(r.case.path, set())
            if r.exporter == "torch":
                exports[r.case.path].add(r.opset)
        jobs = []
        entries = {}
        for path, opsets in exports.items():
            case = self.cases[path]
            if case.errors:
                continue
            job = entries[path] = self.reference_job(case, digest)
            m = self.cached(job["outdir"], opsets)
            if m is not None:
                self.manifests[path] = (job["outdir"], m)
                continue
            old = self.cached(job["outdir"], [])
            if old is not None and not old["error"]:
                opsets |= {int(k) for k in old["exports"]}
            job["export_opsets"] = sorted(opsets)
            jobs.append(job)
        computed, from_cache = len(jobs), len(self.manifests)
        log = os.path.join(self.workdir, "reference.log")
        crashed = {}
        while jobs:
            jobfile = os.path.join(self.workdir, "reference-jobs.json")
            with open(jobfile, "w") as f:
                json.dump({"timeout": self.timeout, "cases": jobs}, f)
            with open(log, "a") as logf:
                rc = subprocess.call([self.python, "-B", os.path.join(HERE, "reference.py"),
                                      jobfile], stdin=subprocess.DEVNULL, stdout=logf,
                                     stderr=subprocess.STDOUT, cwd=self.workdir)
            # Every case the process finished has a manifest, even a failed one.
            rest = [j for j in jobs if load_manifest(j["outdir"]) is None]
            if rc == 0 or not rest:
                break
            crashed[rest[0]["path"]] = "the PyTorch process died (%s) on this case; see %s" \
                % (describe_status(rc), log)
            jobs = rest[1:]
        for job in entries.values():
            for name in glob.glob(glob.escape(job["outdir"]) + ".tmp*"):
                shutil.rmtree(name, ignore_errors=True)     # left by a crash
        for path in exports:
            case = self.cases[path]
            if case.errors or path in self.manifests:
                continue
            entry = entries[path]["outdir"]
            m = load_manifest(entry)
            if m is None:
                m = {"error": crashed.get(path, "no result from the PyTorch process; see " + log)}
            self.manifests[path] = (entry, m)
        if not self.case_args:
            self.prune_cache(self.manifests)
        self.timings.append("reference %.1fs (cases: %d run in PyTorch, %d from the cache)"
                            % (time.time() - t0, computed, from_cache))
        for r in self.runs:
            if r.case.errors:
                r.fail("directives", "bad directive in the case file", r.case.errors)
                continue
            entry, m = self.manifests[r.case.path]
            if m["error"]:
                r.fail("reference", "PyTorch fails on the case", m["error"].splitlines())

    def prune_cache(self, used):
        """After a run over every case, entries no case used are stale (an
        older harness, an edited case)."""
        keep = {os.path.basename(entry) for entry, _ in used.values()}
        root = os.path.join(self.cachedir, "ref")
        for name in os.listdir(root) if os.path.isdir(root) else []:
            if name not in keep:
                shutil.rmtree(os.path.join(root, name), ignore_errors=True)

    # --- step b: compile -------------------------------------------------------

    def example_args(self, entry, m):
        out = []
        for name in m["inputs"]:
            out += ["--example", "%s=@%s" % (name, os.path.join(entry, m["sets"][0]["inputs"][name]["file"]))]
        return out

    def compile_one(self, r):
        entry, m = self.manifests[r.case.path]
        os.makedirs(os.path.dirname(r.model), exist_ok=True)
        cmd = [self.tsc, os.path.basename(r.case.path), "--opset", str(r.opset),
               "--weights", os.path.join(entry, m["weights"])]
        cmd += self.example_args(entry, m) + r.case.options + r.extra + ["-o", r.model]
        if r.exporter == "trace":
            cmd.append("--trace")
        shown = "(cd %s && %s)" % (shlex.quote(r.case.dir), " ".join(shlex.quote(c) for c in cmd))
        try:
            p = subprocess.run(cmd, cwd=r.case.dir, stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            r.fail("compile", "tsc2onnx timed out after %d s" % self.timeout, ["command: " + shown])
            return
        except OSError as e:
            r.fail("compile", "cannot run %s: %s" % (self.tsc, e.strerror))
            return
        err = p.stderr.decode("utf-8", "replace").rstrip().splitlines()
        if p.returncode == 2 and "not supported yet" in "\n".join(err) and not self.strict:
            r.skip("compile", err[-1] if err else "tsc2onnx: not supported yet")
            return
        if p.returncode != 0:
            r.fail("compile", "tsc2onnx %s" % describe_status(p.returncode),
                   err[:40] + ["command: " + shown])
        elif not os.path.isfile(r.model):
            r.fail("compile", "tsc2onnx exited 0 but wrote no %s" % r.model, ["command: " + shown])

    def compile(self):
        t0 = time.time()
        todo = []
        for r in self.runs:
            r.workdir = os.path.join(self.workdir, r.slug)
            r.model = r.workdir + ".onnx"
            if not r.pending:
                continue
            entry, m = self.manifests[r.case.path]
            if r.exporter == "torch":
                e = m["exports"].get(str(r.opset), {})
                if "skip" in e:
                    r.skip("compile", e["skip"])
                elif "error" in e:
                    r.fail("compile", "torch.onnx.export fails", e["error"].splitlines())
                else:
                    r.model = os.path.join(entry, e["file"])
            else:
                todo.append(r)
        if todo:
            with ThreadPoolExecutor(max_workers=max(1, self.jobs)) as pool:
                list(pool.map(self.compile_one, todo))
        self.timings.append("compile %.1fs (%d tsc2onnx runs)" % (time.time() - t0, len(todo)))

    # --- step c: check ---------------------------------------------------------

    def check(self):
        t0 = time.time()
        import onnx
        import onnx.defs
        known = onnx.defs.onnx_opset_version()
        n = hits = 0
        for r in self.runs:
            if not r.pending:
                continue
            n += 1
            verdict, hit = self.check_cached(r, known, onnx)
            hits += hit
            if "fail" in verdict:
                r.fail("check", verdict["fail"], verdict.get("detail", []))
            r.notes += verdict.get("notes", [])
        self.timings.append("check %.1fs (%d models, %d verdicts from the cache)" % (time.time() - t0, n, hits))

    def check_cached(self, r, known, onnx):
        """The checker's verdict on R's model, from the cache when a model of
        the same bytes was checked at the same opset by the same onnx (the
        other build of tests/run-all.sh writes the same files).  A model
        with external data names its data file by a hash of its content, so
        the model's bytes stand for both."""
        h = hashlib.sha256(CACHE_FORMAT + b"check %d %s\0" % (r.opset, onnx.__version__.encode()))
        try:
            with open(r.model, "rb") as f:
                for block in iter(lambda: f.read(1 << 22), b""):
                    h.update(block)
        except OSError as e:
            return {"fail": "cannot read the model: %s" % e.strerror}, 0
        path = os.path.join(self.cachedir, "check", h.hexdigest()[:32] + ".json")
        try:
            with open(path) as f:
                return json.load(f), 1
        except (OSError, ValueError):
            pass
        verdict = self.check_model(r, known, onnx)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = path + ".%d.tmp" % os.getpid()
        with open(tmp, "w") as f:
            json.dump(verdict, f)
        os.replace(tmp, path)
        return verdict, 0

    # The checker reads the shape and type of an initializer, not its bytes
    # (onnx 1.12 checks no raw_data length, and shape inference reads only
    # small integer tensors: shapes, axes); cutting large floating-point
    # data first saves serializing it for the C++ checker, most of the time
    # of a model with megabytes of weights.
    FLOAT_TYPES = (1, 10, 11, 16)      # float, float16, double, bfloat16
    CUT_BYTES = 4096

    def check_model(self, r, known, onnx):
        import onnx.checker
        try:
            model = onnx.load(r.model)
        except Exception as e:
            return {"fail": "onnx cannot load the model: %s" % e}
        declared = [o.version for o in model.opset_import if o.domain in ("", "ai.onnx")]
        if declared != [r.opset]:
            return {"fail": "the model imports default-domain opset %s, asked for %d"
                            % (" ".join(map(str, declared)) or "none", r.opset)}
        if r.opset > known:
            return {"notes": ["checker skipped: onnx %s knows opsets up to %d" % (onnx.__version__, known)]}
        for init in model.graph.initializer:
            if init.data_type in self.FLOAT_TYPES and len(init.raw_data) > self.CUT_BYTES:
                init.raw_data = init.raw_data[:4]
        try:
            onnx.checker.check_model(model, full_check=True)
        except Exception as e:
            return {"fail": "onnx.checker.check_model(full_check=True) rejects the model",
                    "detail": str(e).strip().splitlines()[:30]}
        return {}

    # --- step d: run -------------------------------------------------------------

    def feed_names(self, r, m):
        """forward() parameter names as graph input names (--input-names renames)."""
        names = list(m["inputs"])
        renamed = r.case.option_values("--input-names")
        if renamed:
            new = renamed[-1].split(",")
            names = [new[i] if i < len(new) else n for i, n in enumerate(names)]
        return names

    def param_feeds(self, r, entry, m):
        """--no-params: the parameters the model takes as inputs, from the
        case's weights, as .npy files."""
        import numpy as np
        import onnx
        _, weights = safetensors.read(os.path.join(entry, m["weights"]))
        feeds = {}
        os.makedirs(r.workdir, exist_ok=True)
        for v in onnx.load(r.model).graph.input:
            if v.name in weights:
                path = os.path.join(r.workdir, "param-%d.npy" % len(feeds))
                np.save(path, np.ascontiguousarray(weights[v.name]))
                feeds[v.name] = path
        return feeds

    def run(self):
        t0 = time.time()
        jobs = []
        for i, r in enumerate(self.runs):
            if not r.pending:
                continue
            entry, m = self.manifests[r.case.path]
            sets = []
            params = self.param_feeds(r, entry, m) if "--no-params" in r.extra else {}
            for s in m["sets"][:1] if r.exporter == "trace" else m["sets"]:
                feeds = dict(params)
                for name, feed in zip(m["inputs"], self.feed_names(r, m)):
                    feeds[feed] = os.path.join(entry, s["inputs"][name]["file"])
                sets.append({"inputs": feeds})
            shutil.rmtree(r.workdir + ".ort", ignore_errors=True)
            jobs.append({"id": i, "model": r.model, "outdir": r.workdir + ".ort", "sets": sets})
        total = len(jobs)
        progress = os.path.join(self.workdir, "ort-progress.jsonl")
        log = os.path.join(self.workdir, "ort.log")
        threads = int(os.environ.get("TSC_BENCH_ORT_THREADS") or 1)
        while jobs:
            jobfile = os.path.join(self.workdir, "ort-jobs.json")
            with open(jobfile, "w") as f:
                json.dump({"threads": threads, "jobs": jobs}, f)
            if os.path.exists(progress):
                os.remove(progress)
            with open(log, "a") as logf:
                rc = subprocess.call([self.node, os.path.join(HERE, "ort_run.js"), jobfile, progress],
                                     stdin=subprocess.DEVNULL, stdout=logf, stderr=subprocess.STDOUT,
                                     cwd=HERE)
            started = None
            done = set()
            if os.path.exists(progress):
                with open(progress) as f:
                    for line in f:
                        try:
                            rec = json.loads(line)
                        except ValueError:
                            continue   # a line cut short by a crash
                        if "start" in rec:
                            started = rec["start"]
                        else:
                            self.runs[rec["done"]].ort = rec
                            done.add(rec["done"])
            rest = [j for j in jobs if j["id"] not in done]
            if not rest:
                break
            if rc == 0 and started is None:
                break
            culprit = started if started is not None and started not in done else rest[0]["id"]
            self.runs[culprit].fail("run", "the ONNX Runtime process died (%s) on this model; see %s"
                                    % (describe_status(rc), log), tail(log, 15))
            jobs = [j for j in rest if j["id"] != culprit]
        for r in self.runs:
            if r.pending and r.ort is None:
                r.fail("run", "no result from ort_run.js; see %s" % log, tail(log, 15))
            elif r.pending and r.ort["error"]:
                r.fail("run", "ONNX Runtime: " + r.ort["error"].splitlines()[0],
                       r.ort["error"].splitlines()[1:20])
        self.timings.append("run %.1fs (%d models in ONNX Runtime)" % (time.time() - t0, total))

    # --- step e: compare ---------------------------------------------------------

    def compare(self):
        import compare
        t0 = time.time()
        for r in self.runs:
            if not r.pending:
                continue
            entry, m = self.manifests[r.case.path]
            problems = []
            unused = set()
            for i, (s, got) in enumerate(zip(m["sets"], r.ort["sets"])):
                what = "input set %d (%s)" % (i, "example" if i == 0 else "inputs")
                if got["error"]:
                    problems.append("%s: ONNX Runtime: %s" % (what, got["error"]))
                    continue
                unused |= set(got["unused"])
                expected = [os.path.join(entry, o["file"]) for o in s["outputs"]]
                actual = [o["file"] for o in got["outputs"]]
                problems += ["%s: %s" % (what, p) for p in
                             compare.compare_files(actual, expected, r.case.rtol, r.case.atol)]
            if problems:
                step = "run" if any(": ONNX Runtime: " in p for p in problems) else "compare"
                r.fail(step, problems[0], problems[1:30])
            elif unused:
                r.comments.append("inputs the graph does not take: %s" % ", ".join(sorted(unused)))
        self.timings.append("compare %.1fs" % (time.time() - t0))

    # --- step f: the evaluator against ONNX Runtime --------------------------------

    def evaluate_one(self, r):
        import compare
        entry, m = self.manifests[r.case.path]
        problems = []
        for i, (s, got) in enumerate(zip(m["sets"], r.ort["sets"])):
            outdir = "%s.eval%d" % (r.workdir, i)
            shutil.rmtree(outdir, ignore_errors=True)
            cmd = [self.tsc, "run", r.model, "-o", outdir]
            for name, feed in zip(m["inputs"], self.feed_names(r, m)):
                cmd += ["--input", "%s=@%s" % (feed, os.path.join(entry, s["inputs"][name]["file"]))]
            try:
                p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=self.timeout)
            except subprocess.TimeoutExpired:
                problems.append("input set %d: tsc2onnx run timed out" % i)
                continue
            if p.returncode != 0:
                err = p.stderr.decode("utf-8", "replace").strip().splitlines()
                problems.append("input set %d: tsc2onnx run %s: %s" % (i, describe_status(p.returncode),
                                                                     err[0] if err else ""))
                continue
            actual = [os.path.join(outdir, re.sub(r"[^A-Za-z0-9._+-]", "_", o["name"]) + ".npy")
                      for o in got["outputs"]]
            expected = [o["file"] for o in got["outputs"]]
            problems += ["input set %d: %s" % (i, p.replace("PyTorch", "ONNX Runtime").replace("torch", "ort")
                                               .replace("onnx ", "evaluator "))
                         for p in compare.compare_files(actual, expected, r.case.rtol, r.case.atol)]
        if problems:
            r.fail("evaluate", "the evaluator (tsc2onnx run) differs from ONNX Runtime: " + problems[0],
                   problems[1:20])
        else:
            r.comments.append("the evaluator agrees with ONNX Runtime on the %d input sets" % len(m["sets"]))

    def evaluate(self):
        t0 = time.time()
        todo = [r for r in self.runs if r.pending and r.exporter == "tsc2onnx" and r.case.compare and not r.extra]
        if todo:
            with ThreadPoolExecutor(max_workers=max(1, self.jobs)) as pool:
                list(pool.map(self.evaluate_one, todo))
        self.timings.append("evaluate %.1fs (%d models in tsc2onnx run)" % (time.time() - t0, len(todo)))

    def discard_passed(self):
        """The models of runs that passed (some hundreds of MB each for the
        examples' weights) and their outputs are removed: a whole check stays
        within a few GB of disk.  A failed run keeps its files to look at."""
        if self.keep:
            return
        for r in self.runs:
            if not r.pending or not r.workdir:
                continue
            for name in glob.glob(glob.escape(r.workdir) + ".*"):
                if os.path.isdir(name):
                    shutil.rmtree(name, ignore_errors=True)
                else:
                    os.remove(name)

    # --- step g: tsc2onnx compare and torch.jit.trace against the directive -----------

    def trace_check_one(self, tc):
        case = tc.case
        if case.errors:
            tc.fail("directives", "bad directive in the case file", case.errors)
            return
        entry, m = self.manifests[case.path]
        if m["error"]:
            tc.fail("reference", "no reference for the case (see its runs)")
            return
        outdir = os.path.join(self.workdir, "compare", re.sub(r"[^A-Za-z0-9_.-]+", "_", case.name))
        cmd = [self.tsc, "compare", os.path.basename(case.path), "--opset", str(max(case.opsets)),
               "--weights", os.path.join(entry, m["weights"])]
        cmd += self.example_args(entry, m) + case.options + ["-o", outdir]
        shown = "(cd %s && %s)" % (shlex.quote(case.dir), " ".join(shlex.quote(c) for c in cmd))
        try:
            p = subprocess.run(cmd, cwd=case.dir, stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=self.timeout)
        except subprocess.TimeoutExpired:
            tc.fail("compare", "tsc2onnx compare timed out", ["command: " + shown])
            return
        want = 3 if case.compare == "diverges" else 0
        out = (p.stdout + p.stderr).decode("utf-8", "replace").rstrip().splitlines()
        tc.found = p.returncode
        if p.returncode != want:
            tc.fail("compare", "tsc2onnx compare exited %d, the directive wants %d" % (p.returncode, want),
                    out[-40:] + ["command: " + shown])
        check = m.get("trace_check")
        if check is None:
            tc.fail("torch.jit.trace", "the reference has no torch.jit.trace result")
        elif case.torch_trace_fails:
            if not check["error"]:
                tc.fail("torch.jit.trace", "torch.jit.trace works on this case: drop '(torch.jit.trace fails)' "
                        "from its '# compare:' line")
        elif check["error"]:
            tc.fail("torch.jit.trace", check["error"])
        else:
            tc.torch_differs = [i for i, why in enumerate(check["differs"]) if why]
            whys = ["input set %d: %s" % (i, check["differs"][i]) for i in tc.torch_differs]
            if 0 in tc.torch_differs:
                tc.fail("torch.jit.trace", "the trace differs from eager on its own example", whys)
            elif case.compare == "diverges" and not tc.torch_differs:
                tc.fail("torch.jit.trace", "agrees with eager on every input set, but the directive says "
                        "diverges (add an input set that shows it)")
            elif case.compare == "agrees" and tc.torch_differs:
                tc.fail("torch.jit.trace", "differs from eager, but the directive says agrees", whys)

    def trace_checks_run(self):
        t0 = time.time()
        if self.trace_checks:
            with ThreadPoolExecutor(max_workers=max(1, self.jobs)) as pool:
                list(pool.map(self.trace_check_one, self.trace_checks))
        self.timings.append("trace checks %.1fs (%d tsc2onnx compare runs)"
                            % (time.time() - t0, len(self.trace_checks)))

    # --- the compare step's self-checks -------------------------------------------

    def plan_selfchecks(self):
        """Tests that the compare step notices wrong numbers: a PyTorch output
        is altered in a temporary copy and compared with ONNX Runtime's."""
        float_case = os.path.join(SELFTEST_DIR, "mlp.py")
        bool_case = os.path.join(SELFTEST_DIR, "bool_out.py")

        def within(a):
            a = a.copy()
            a.reshape(-1)[0] += 0.1 * (1e-5 + 1e-4 * abs(float(a.reshape(-1)[0])))
            return a, True, "accepts a difference within tolerance"

        def beyond(a):
            a = a.copy()
            a.reshape(-1)[0] += 10 * (1e-5 + 1e-4 * abs(float(a.reshape(-1)[0])))
            return a, False, "rejects a difference 10x the tolerance"

        def dtype(a):
            return a.astype("float64"), False, "rejects a float64 reference for a float32 output"

        def shape(a):
            return a.reshape((1,) + a.shape), False, "rejects an extra leading dimension"

        def flip(a):
            a = a.copy()
            a.reshape(-1)[0] = not a.reshape(-1)[0]
            return a, False, "compares booleans exactly (one flipped element)"

        tuple_case = os.path.join(SELFTEST_DIR, "tuple_out.py")
        exported = {r.case.name for r in self.runs if r.exporter == "torch"}
        for case, output, alter in ((float_case, 0, within), (float_case, 0, beyond),
                                    (float_case, 0, dtype), (float_case, 0, shape),
                                    (bool_case, -1, flip), (tuple_case, None, None)):
            if case in exported:
                self.selfchecks.append((case, output, alter))

    def run_selfcheck(self, case_name, output, alter):
        import numpy as np
        import compare
        runs = [r for r in self.runs if r.exporter == "torch" and r.case.name == case_name]
        if not runs:
            return False, "%s: not among the cases run" % case_name, []
        r = next((r for r in runs if r.status is None), None)
        label = "compare self-check on %s opset %s" % (case_name, r.opset if r else "?")
        if r is None:
            return False, label, ["no passing torch run of %s to alter" % case_name]
        entry, m = self.manifests[r.case.path]
        expected = [os.path.join(entry, o["file"]) for o in m["sets"][0]["outputs"]]
        actual = [o["file"] for o in r.ort["sets"][0]["outputs"]]
        tmp = os.path.join(self.workdir, "selfcheck")
        os.makedirs(tmp, exist_ok=True)
        if alter is None:
            problems = compare.compare_files(actual, expected[:-1], r.case.rtol, r.case.atol)
            return bool(problems), label + ": rejects a missing output", \
                problems or ["compare found nothing wrong"]
        k = output % len(expected)
        a = np.load(expected[k])
        if r.case.rtol != 1e-4 or r.case.atol != 1e-5:
            return False, label, ["the self-check expects the default tolerance"]
        altered, should_pass, what = alter(a)
        path = os.path.join(tmp, "%s-%d.npy" % (alter.__name__, k))
        np.save(path, altered)
        files = list(expected)
        files[k] = path
        problems = compare.compare_files(actual, files, r.case.rtol, r.case.atol)
        ok = not problems if should_pass else bool(problems)
        shown = problems or ["compare found nothing wrong"]
        return ok, "%s: %s" % (label, what), shown

    # --- report ------------------------------------------------------------------

    def report(self):
        """TAP: the torch-exported runs, the compare self-checks, then the
        tsc2onnx runs."""
        total = len(self.runs) + len(self.selfchecks) + len(self.trace_checks)
        print("1..%d" % total)
        n = 0
        for r in [r for r in self.runs if r.exporter == "torch"]:
            n += 1
            self.report_run(n, r)
        for case_name, output, alter in self.selfchecks:
            n += 1
            ok, label, detail = self.run_selfcheck(case_name, output, alter)
            print("%s %d - %s" % ("ok" if ok else "not ok", n, label))
            print_diag(detail[:5] if ok else detail)
        for r in [r for r in self.runs if r.exporter != "torch"]:
            n += 1
            self.report_run(n, r)
        for tc in self.trace_checks:
            n += 1
            print("%s %d - %s" % ("not ok" if tc.diag else "ok", n, tc.description()))
            print_diag(tc.diag)
        print_diag(["timing: " + t for t in self.timings])

    @staticmethod
    def report_run(n, r):
        if r.status == "skip":
            print("ok %d - %s # SKIP %s" % (n, r.description(), " ".join(r.diag)))
        elif r.status == "fail":
            print("not ok %d - %s" % (n, r.description()))
            print_diag(r.diag)
        else:
            print("ok %d - %s" % (n, r.description()))
            print_diag(r.comments)


class TraceCheck:
    """One TAP test per '# compare:' case: tsc2onnx compare's exit status and
    torch.jit.trace's behaviour on the input sets, against the directive."""

    def __init__(self, case):
        self.case = case
        self.diag = []
        self.found = None               # compare's exit status
        self.torch_differs = None       # input sets where torch.jit.trace differs from eager

    def fail(self, step, message, detail=()):
        if not self.diag:
            self.diag = ["step: %s: %s" % (step, message)] + list(detail)

    def description(self):
        text = "compare %s: %s" % (self.case.name, self.case.compare)
        facts = []
        if self.found is not None:
            facts.append("tsc2onnx compare exit %d" % self.found)
        if self.case.torch_trace_fails:
            facts.append("torch.jit.trace fails on the model")
        if self.torch_differs is not None:
            facts.append("torch.jit.trace differs from eager on %s" % (
                "input sets " + ", ".join(map(str, self.torch_differs)) if self.torch_differs else "no input set"))
        return text + (" (%s)" % "; ".join(facts) if facts else "")


def load_manifest(entry):
    try:
        with open(os.path.join(entry, "manifest.json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def describe_status(rc):
    if rc < 0:
        try:
            return "killed by %s" % signal.Signals(-rc).name
        except ValueError:
            return "killed by signal %d" % -rc
    return "exited with status %d" % rc


def tail(path, n):
    try:
        with open(path, errors="replace") as f:
            return f.read().rstrip().splitlines()[-n:]
    except OSError:
        return []


def print_diag(lines, limit=60):
    """TAP diagnostics: the 'step: ...' line flush, details indented."""
    lines = [part for line in lines for part in str(line).splitlines()]
    for line in lines[:limit]:
        print(("# " if line.startswith("step: ") else "#   ") + line)
    if len(lines) > limit:
        print("#   ... (%d more lines)" % (len(lines) - limit))


def main(argv):
    ap = argparse.ArgumentParser(prog="bench.py", description=__doc__.split("\n")[0])
    ap.add_argument("--exporter", choices=("default", "tsc2onnx", "torch"))
    ap.add_argument("cases", nargs="*", help="case files (default: examples/*.ts tests/e2e/**/*.py)")
    args = ap.parse_args(argv[1:])
    bench = Bench(args)
    t0 = time.time()
    missing = bench.missing_dependencies()
    if missing:
        if os.environ.get("TSC_BENCH_REQUIRE_DEPS") == "1":
            print("Bail out! missing: %s" % "; ".join(missing))
            return 1
        print("1..0 # SKIP missing: %s" % "; ".join(missing))
        return 0
    shutil.rmtree(bench.workdir, ignore_errors=True)
    os.makedirs(bench.workdir)
    os.makedirs(bench.cachedir, exist_ok=True)
    bench.plan()
    if bench.runs:
        bench.reference()
        bench.compile()
        bench.check()
        bench.run()
        bench.compare()
        bench.evaluate()
        bench.trace_checks_run()
    bench.timings.append("total %.1fs" % (time.time() - t0))
    bench.report()
    sys.stdout.flush()
    bench.discard_passed()      # after the report: the self-checks read ONNX Runtime's outputs
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
