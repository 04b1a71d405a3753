"""The generated models of the benchmark: scaling with model size, weight
throughput, and the cost of ONNX Loops against unrolled bodies.

Every model here is written by this file into the scratch directory:
    layers_N.ts     N explicit layers (a Linear and a ReLU each: one line of
                    __init__ and one of forward per layer)
    lines_N.ts      an N-line file: helper functions of eight statements,
                    each called once by forward()
    unroll.ts       a loop over range(n): n is a constructor argument in
                    script mode (the interpreter unrolls it), an example
                    input in trace mode
    weights.ts      Linear layers holding about 1 GB of float32 weights,
                    with a safetensors file of random values"""
import os
import struct
import subprocess
import json

from common import Table, fmt_bytes, fmt_ratio, fmt_time, log, median, repeat, run_timed

LAYER_SIZES = (10, 100, 1000, 10000)
DEFAULT_UNROLL_LIMIT = 16      # opt/opt.h OPT_DEFAULT_UNROLL_LIMIT
LINE_SIZES = (1000, 10000, 100000)
UNROLL_SIZES = (10, 100, 1000, 10000, 100000)


def write_layers(path, n):
    lines = ["import torch", "import torch.nn as nn", "", "",
             "class Deep(nn.Module):", "    def __init__(self):", "        super().__init__()"]
    lines += ["        self.l%d = nn.Linear(16, 16)" % i for i in range(n)]
    lines += ["", "    def forward(self, x):"]
    lines += ["        x = torch.relu(self.l%d(x))" % i for i in range(n)]
    lines += ["        return x", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def write_lines(path, n):
    """About N lines: helpers of 10 lines (def, 8 statements, blank)."""
    k = max(1, (n - 12) // 10)
    lines = ["import torch", "import torch.nn as nn", ""]
    for i in range(k):
        lines += ["def f%d(x, y):" % i,
                  "    a = x * %d.5 + y" % (i % 7),
                  "    b = a - x",
                  "    c = torch.relu(b)",
                  "    d = c * 0.5",
                  "    e = d + a",
                  "    g = e / 2.0",
                  "    h = g - 1.0",
                  "    return h + c", ""]
    lines += ["", "class Long(nn.Module):", "    def forward(self, x):", "        y = x"]
    lines += ["        y = f%d(x, y)" % i for i in range(k)]
    lines += ["        return y", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))
    return len(lines)


UNROLL_SOURCE = """import torch
import torch.nn as nn


class Unroll(nn.Module):
    def __init__(self, n: int = 1):
        super().__init__()
        self.n = n

    def forward(self, x, n: int):
        for i in range(%s):
            x = x * 0.5 + i
        return x
"""


def growth_rows(t, sizes, results, unit):
    """Rows of SIZE, time, RSS and the growth factor per 10x; returns the
    worst time and memory growth."""
    worst_t = worst_m = 0.0
    prev = None
    for n in sizes:
        r = results.get(n)
        if r is None or isinstance(r, str):
            t.add("%d %s" % (n, unit), r or "-", "-", "-", "-")
            prev = None
            continue
        wall, rss = r
        gt = gm = None
        if prev:
            gt, gm = wall / prev[0], rss / prev[1]
            worst_t, worst_m = max(worst_t, gt), max(worst_m, gm)
        t.add("{:,} {}".format(n, unit), fmt_time(wall), fmt_bytes(rss), fmt_ratio(gt, 2), fmt_ratio(gm, 2))
        prev = (wall, rss)
    return worst_t, worst_m


def measure(env, cmd, n):
    wall, rss, last = repeat(cmd, n, timeout=600, rss=True)
    if wall is None:
        return "error: " + ((last.err.strip().splitlines() or ["status %d" % last.rc])[-1])[:80]
    return wall, rss


def scaling_section(env):
    out = []
    runs = max(1, min(env.runs, 3))
    sizes = LAYER_SIZES[:3] if env.quick else LAYER_SIZES
    log("scaling: layers %s" % (sizes,))
    res = {}
    for n in sizes:
        src = env.path("gen", "layers_%d.ts" % n)
        write_layers(src, n)
        res[n] = measure(env, [env.tsc, src, "--input", "x:float32[N,16]", "--seed", "0",
                               "-o", env.path("gen", "layers.onnx")], runs)
    t = Table("Scaling: N layers (Linear + ReLU each), script mode",
              ["model", "time", "peak RSS", "time growth", "RSS growth"],
              "Growth: the ratio to the row above (10x the layers); linear is <= 11x.")
    gt, gm = growth_rows(t, sizes, res, "layers")
    big = res.get(10000)
    tgts = [("10x more layers costs <= 11x time and memory (worst: %s time, %s memory)"
             % (fmt_ratio(gt, 2), fmt_ratio(gm, 2)), 0 < gt <= 11 and 0 < gm <= 11)]
    if not env.quick:
        tgts.append(("10,000 layers compile in < 1 s (%s)" % (fmt_time(big[0]) if isinstance(big, tuple) else big),
                     isinstance(big, tuple) and big[0] < 1))
    out.append((t, tgts))

    sizes = LINE_SIZES[:2] if env.quick else LINE_SIZES
    log("scaling: source lines %s" % (sizes,))
    res = {}
    for n in sizes:
        src = env.path("gen", "lines_%d.ts" % n)
        write_lines(src, n)
        res[n] = measure(env, [env.tsc, src, "--input", "x:float32[N,16]", "-o",
                               env.path("gen", "lines.onnx")], runs)
    t = Table("Scaling: source file size (helpers of 8 statements, each called once)",
              ["file", "time", "peak RSS", "time growth", "RSS growth"])
    gt, gm = growth_rows(t, sizes, res, "lines")
    out.append((t, [("10x more source lines costs <= 11x time and memory (worst: %s time, %s memory)"
                     % (fmt_ratio(gt, 2), fmt_ratio(gm, 2)), 0 < gt <= 11 and 0 < gm <= 11)]))
    out += unroll_tables(env, runs)
    return out


def unroll_tables(env, runs):
    sizes = UNROLL_SIZES[:3] if env.quick else UNROLL_SIZES
    out = []
    for mode in ("script", "trace"):
        log("scaling: %s-mode unrolling %s" % (mode, sizes))
        src = env.path("gen", "unroll_%s.ts" % mode)
        with open(src, "w") as f:
            f.write(UNROLL_SOURCE % ("self.n" if mode == "script" else "n"))
        res = {}
        for n in sizes:
            cmd = [env.tsc, src, "--input", "x:float32[N,16]", "-o", env.path("gen", "unroll.onnx")]
            if mode == "script":
                cmd += ["--arg", "n=%d" % n, "--example", "n=1"]
            else:
                cmd += ["--trace", "--example", "x=randn(2,16)", "--example", "n=%d" % n]
            probe = run_timed(cmd)
            if probe.rc == 2 and "not supported yet" in probe.err:
                res = {k: "trace mode not available" for k in sizes}
                break
            res[n] = measure(env, cmd, runs)
        title = ("Unrolling: a static loop of N iterations, script mode (the interpreter unrolls it)"
                 if mode == "script" else "Unrolling: a loop of N iterations in trace mode")
        t = Table(title, ["iterations", "time", "peak RSS", "time growth", "RSS growth"],
                  "Each iteration adds two nodes (Mul, Add).")
        gt, gm = growth_rows(t, sizes, res, "iterations")
        tgts = []
        if mode == "trace":
            big = res.get(100000)
            avail = not any(isinstance(v, str) and "not available" in v for v in res.values())
            tgts.append(("100,000 unrolled trace iterations in < 2 s (%s)" % (
                fmt_time(big[0]) if isinstance(big, tuple) else (big or "not measured in --quick")),
                avail and isinstance(big, tuple) and big[0] < 2))
        out.append((t, tgts))
    return out


# --- weights -----------------------------------------------------------------

WEIGHTS_SOURCE = """import torch
import torch.nn as nn


class Heavy(nn.Module):
    def __init__(self, n: int, width: int):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(width, width) for _ in range(n)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
"""


def write_safetensors(path, n, width):
    """Random float32 weights for Heavy(n, width), written by chunks."""
    tensors = []
    for i in range(n):
        tensors += [("layers.%d.weight" % i, [width, width]), ("layers.%d.bias" % i, [width])]
    header, off = {}, 0
    for name, shape in tensors:
        size = 4 * (shape[0] * (shape[1] if len(shape) > 1 else 1))
        header[name] = {"dtype": "F32", "shape": shape, "data_offsets": [off, off + size]}
        off += size
    h = json.dumps(header).encode()
    h += b" " * (-len(h) % 8)
    chunk = os.urandom(1 << 22)
    # finite floats: clear the top exponent bit of every element
    chunk = bytes(b & 0xBF if i % 4 == 3 else b for i, b in enumerate(chunk))
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h)
        left = off
        while left:
            k = min(left, len(chunk))
            f.write(chunk[:k])
            left -= k
    return off


PTH_FROM_SAFETENSORS = """
import json, struct, sys, torch
src, dst = sys.argv[1], sys.argv[2]
data = open(src, "rb").read()
n = struct.unpack("<Q", data[:8])[0]
header = json.loads(data[8:8 + n])
base = 8 + n
sd = {}
for name, e in header.items():
    a, b = e["data_offsets"]
    sd[name] = torch.frombuffer(bytearray(data[base + a:base + b]), dtype=torch.float32).reshape(e["shape"])
torch.save(sd, dst)
"""


def write_pth(st, path):
    """The same weights as torch.save writes them (Debian's PyTorch);
    False when it is not installed."""
    try:
        r = subprocess.run(["/usr/bin/python3", "-c", PTH_FROM_SAFETENSORS, st, path], capture_output=True)
    except OSError:
        return False
    return r.returncode == 0


def time_against_cp(env, tsc, weights, out_onnx, out_cp):
    """Median walls of tsc2onnx and of cp of WEIGHTS, or an error."""
    walls = {"tsc": [], "cp": []}
    for _ in range(max(1, min(env.runs, 3))):
        # alternated, so that both see the same state of the disk and cache
        r = run_timed(tsc)
        if not r.ok:
            return None, None, (r.err.strip().splitlines() or ["status %d" % r.rc])[-1]
        walls["tsc"].append(r.wall)
        os.unlink(out_onnx)
        r = run_timed(["cp", weights, out_cp])
        walls["cp"].append(r.wall)
        os.unlink(out_cp)
    return median(walls["tsc"]), median(walls["cp"]), None


def weights_section(env):
    n, width = (2, 1024) if env.quick else (16, 4096)
    log("weights: %d x Linear(%d, %d)" % (n, width, width))
    src = env.path("weights", "heavy.ts")
    with open(src, "w") as f:
        f.write(WEIGHTS_SOURCE)
    st = env.path("weights", "heavy.safetensors")
    nbytes = write_safetensors(st, n, width)
    files = [("safetensors", st)]
    pth = env.path("weights", "heavy.pth")
    if write_pth(st, pth):
        files.append(("torch.save (.pth)", pth))
    out_onnx, out_cp = env.path("weights", "heavy.onnx"), env.path("weights", "copy.bin")
    t = Table("Weight throughput: a weights file to .onnx, next to cp of the same file",
              ["weights", "format", "tsc2onnx", "GB/s", "cp", "GB/s", "tsc2onnx / cp", "target >= 50%"],
              "Both write into the scratch directory's file system (see Machine); the file is "
              "in the page cache for both (just written).  GB = 10^9 bytes.")
    checks = []
    for fmt, path in files:
        tsc = [env.tsc, src, "--arg", "n=%d" % n, "--arg", "width=%d" % width, "--weights", path,
               "--input", "x:float32[1,%d]" % width, "-o", out_onnx]
        wt, wc, err = time_against_cp(env, tsc, path, out_onnx, out_cp)
        what = "Weight throughput from %s >= 50%% of cp" % fmt
        if err:
            t.add(fmt_bytes(nbytes), fmt, "error: " + err[:80], "-", "-", "-", "-", "not met")
            checks.append((what, False))
            continue
        share = wc / wt
        t.add(fmt_bytes(nbytes), fmt, fmt_time(wt), "%.2f" % (nbytes / wt / 1e9), fmt_time(wc),
              "%.2f" % (nbytes / wc / 1e9), "%.0f%%" % (100 * share), "met" if share >= 0.5 else "not met")
        checks.append(("%s (%.0f%%)" % (what, 100 * share), share >= 0.5))
        os.unlink(path)
    return t, checks


# --- loops: ONNX Runtime's Loop against unrolled bodies -----------------------

LOOP_TRIPS = (1, 2, 4, 8, 16, 32, 64, 128, 512)
QUICK_LOOP_TRIPS = (1, 4, 16)

RNN_LOOP_SOURCE = """import torch
import torch.nn as nn


class RnnLoop(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 64)

    def forward(self, x, n: int):
        h = x
        for i in range(n):
            h = torch.tanh(self.fc(h) + x)
        return h
"""


def unrolled_copy(src, dst, trips):
    """The model at SRC with its one Loop (trip count from a graph input)
    replaced by TRIPS copies of the body, the way --unroll-limit unrolls a
    Loop whose trip count is a constant: the iteration number and the
    condition become constants, carried values chain from copy to copy."""
    import onnx
    from onnx import helper, numpy_helper
    import numpy as np
    m = onnx.load(src)
    g = m.graph
    loop = next(n for n in g.node if n.op_type == "Loop")
    body = next(a.g for a in loop.attribute if a.name == "body")
    nodes = []
    carried = list(loop.input[2:])
    for i in range(trips):
        ren = {body.input[0].name: "it_%d" % i, body.input[1].name: "cond_true"}
        ren.update({b.name: c for b, c in zip(body.input[2:], carried)})
        nodes.append(helper.make_node("Constant", [], ["it_%d" % i],
                                      value=numpy_helper.from_array(np.array(i, dtype=np.int64))))
        for n in body.node:
            c = onnx.NodeProto()
            c.CopyFrom(n)
            c.name = "%s_u%d" % (n.name, i)
            for k, v in enumerate(c.input):
                c.input[k] = ren.get(v, v)
            for k, v in enumerate(c.output):
                ren[v] = c.output[k] = "%s_u%d" % (v, i)
            nodes.append(c)
        carried = [ren.get(o.name, o.name) for o in body.output[1:1 + len(carried)]]
    nodes.insert(0, helper.make_node("Constant", [], ["cond_true"],
                                     value=numpy_helper.from_array(np.array(True))))
    out = []
    for n in g.node:
        if n is loop:
            out += nodes
            out += [helper.make_node("Identity", [c], [o]) for c, o in zip(carried, loop.output)]
        else:
            out.append(n)
    del g.node[:]
    g.node.extend(out)
    used = {i for n in g.node for i in n.input}
    keep = [i for i in g.input if i.name in used or i.name in {o.name for o in g.output}]
    del g.input[:]
    g.input.extend(keep)
    onnx.save(m, dst)


def loops_section(env):
    import numpy as np
    from examples import ort_jobs
    trips = QUICK_LOOP_TRIPS if env.quick else LOOP_TRIPS
    models = [("loop.ts (x + i)", os.path.join(common_srcdir(), "examples", "loop.ts"),
               ["--input", "x:float32[2,3]", "--input", "y:int64[]"], "y", [2, 3]),
              ("Linear(64)+tanh cell", None, ["--input", "x:float32[1,64]", "--input", "n:int64[]",
                                             "--seed", "0"], "n", [1, 64])]
    jobs, rows = [], []
    log("loops: trip counts %s" % (trips,))
    for label, path, opts, trip_input, xshape in models:
        if path is None:
            path = env.path("loops", "rnn_loop.ts")
            with open(path, "w") as f:
                f.write(RNN_LOOP_SOURCE)
        loop_model = env.path("loops", "%d-loop.onnx" % len(rows))
        r = run_timed([env.tsc, path] + opts + ["-o", loop_model])
        if not r.ok:
            rows.append((label, "error: " + r.err.strip()[-80:]))
            continue
        x = env.path("loops", "x%d.npy" % len(rows))
        np.save(x, np.ones(xshape, dtype=np.float32))
        for t in trips:
            tn = env.path("loops", "t%d.npy" % t)
            np.save(tn, np.array(t, dtype=np.int64))
            un = env.path("loops", "%d-unrolled-%d.onnx" % (len(rows), t))
            unrolled_copy(loop_model, un, t)
            jobs.append({"id": "%d/%d" % (len(rows), t), "models": {"loop": loop_model, "unrolled": un},
                         "inputs": {"x": x, trip_input: tn}, "sessions": 3 if env.quick else 5,
                         "warmup": 3, "runs": env.ort_runs})
        rows.append((label, None))
    res = ort_jobs(env, jobs)
    t = Table("Loops in ONNX Runtime: Loop vs its body unrolled, by trip count",
              ["body", "trip count", "Loop run", "unrolled run", "run ratio", "Loop session",
               "unrolled session", "session ratio", "runs to repay"],
              "Run: median latency; session: median session-creation time (both in ONNX Runtime, "
              "1 thread).  Ratios are unrolled / Loop: below 1 the unrolled graph is faster.  Runs "
              "to repay: how many runs the unrolled graph's faster runs take to make up for its "
              "longer session creation.")
    best = {}
    for k, (label, err) in enumerate(rows):
        if err:
            t.add(label, err, *["-"] * 6)
            continue
        for trip in trips:
            r = res.get("%d/%d" % (k, trip), {})
            lo, un = r.get("loop", {}), r.get("unrolled", {})
            if not lo or not un or lo.get("error") or un.get("error"):
                t.add(label, trip, (lo or {}).get("error") or (un or {}).get("error") or "-", *["-"] * 5)
                continue
            lr, ur = median(lo["run_ms"]), median(un["run_ms"])
            lc, uc = median(lo["create_ms"]), median(un["create_ms"])
            repay = 0 if uc <= lc else ((uc - lc) / (lr - ur) if lr > ur else float("inf"))
            t.add(label, trip, "%.3f ms" % lr, "%.3f ms" % ur, "%.2f" % (ur / lr), "%.2f ms" % lc,
                  "%.2f ms" % uc, "%.2f" % (uc / lc), "never" if repay == float("inf") else "%.0f" % repay)
            best.setdefault(label, []).append((trip, ur / lr, uc / lc, repay))
    return t, loops_note(best)


# What makes an unrolled Loop worth it: faster runs, a session at most
# this many times as long to create, repaid within this many runs.
UNROLL_MAX_SESSION_RATIO = 4.0
UNROLL_MAX_REPAY_RUNS = 100


def loops_note(best):
    """The largest trip count up to which unrolling pays in every body
    measured, by the rule above."""
    limit = None
    for label, points in best.items():
        pays = 0
        for trip, run, sess, repay in sorted(points):
            if run < 1.0 and sess <= UNROLL_MAX_SESSION_RATIO and repay <= UNROLL_MAX_REPAY_RUNS:
                pays = trip
            else:
                break
        limit = pays if limit is None else min(limit, pays)
    return ("--unroll-limit: unrolling pays when the unrolled graph runs faster, its session takes "
            "at most %gx as long to create and the difference is repaid within %d runs; in this run "
            "that holds up to a trip count of %s in every body measured.  tsc2onnx's default is %d "
            "(opt/opt.h, OPT_DEFAULT_UNROLL_LIMIT), chosen by this rule on this machine."
            % (UNROLL_MAX_SESSION_RATIO, UNROLL_MAX_REPAY_RUNS,
               limit if limit is not None else "-", DEFAULT_UNROLL_LIMIT))


def common_srcdir():
    from common import SRCDIR
    return SRCDIR
