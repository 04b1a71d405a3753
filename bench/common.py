"""What every section of the benchmark shares: where things are, timed
child processes (wall time and peak RSS per child, from wait4), medians,
the machine's description and its load, and tables."""
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.path.abspath(os.path.join(HERE, ".."))
PYTHON = "/usr/bin/python3"     # Debian's python3-torch lives there only


class Env:
    """Paths and settings of one benchmark run."""

    def __init__(self, args):
        self.quick = args.quick
        self.runs = args.runs or (1 if args.quick else 5)
        self.torch_runs = args.torch_runs or (1 if args.quick else 3)
        self.ort_runs = args.ort_runs or (20 if args.quick else 40)
        builddir = os.environ.get("TSC_BUILDDIR") or os.path.join(SRCDIR, "build")
        self.builddir = os.path.abspath(builddir)
        self.tsc = os.path.abspath(os.environ.get("TSC2ONNX") or os.path.join(self.builddir, "tsc2onnx"))
        self.cachedir = os.path.join(self.builddir, ".cache", "bench")
        self.scratch = tempfile.mkdtemp(prefix="tsc2onnx-bench-", dir=args.scratch)
        self.node = shutil.which("node")
        self.keep = args.keep
        self.floor_true = self.floor_tsc = None   # set by the compile section

    def path(self, *parts):
        p = os.path.join(self.scratch, *parts)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        return p

    def cleanup(self):
        if not self.keep:
            shutil.rmtree(self.scratch, ignore_errors=True)


class Timed:
    """One finished child: wall seconds, peak RSS in bytes, status, output."""

    def __init__(self, wall, rss, rc, out, err):
        self.wall, self.rss, self.rc, self.out, self.err = wall, rss, rc, out, err

    @property
    def ok(self):
        return self.rc == 0


TIME = shutil.which("time", path="/usr/bin:/bin")


def run_timed(cmd, cwd=None, env=None, timeout=None, rss=False):
    """Runs CMD; its wall time and, with RSS, its own peak RSS, which comes
    from /usr/bin/time (GNU time, Debian's `time`) put between this process
    and CMD: a child forked straight from this process, which grows large
    once it has loaded models, would count this process's pages until its
    exec.  Without RSS the wall time has no wrapper's start-up in it."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as rss_file:
        wrap = rss and TIME
        full = [TIME, "-q", "-f", "%M", "-o", rss_file.name] + list(cmd) if wrap else list(cmd)
        t = time.perf_counter()
        p = subprocess.Popen(full, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        deadline = None if timeout is None else t + timeout
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG if deadline else 0)
            if pid:
                break
            if time.perf_counter() > deadline:
                p.kill()
                pid, status, ru = os.wait4(p.pid, 0)
                break
            time.sleep(0.002)
        wall = time.perf_counter() - t
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        peak = None
        if wrap:
            text = rss_file.read().split()
            peak = int(text[-1]) * 1024 if text and text[-1].isdigit() else None
        return Timed(wall, peak, p.returncode, out.read().decode("utf-8", "replace"),
                     err.read().decode("utf-8", "replace"))


def median(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def repeat(cmd, n, **kw):
    """Runs CMD N times: (median wall, median peak RSS (with rss=True),
    last Timed), or (None, None, failing Timed) as soon as one run fails."""
    walls, rss, last = [], [], None
    for _ in range(n):
        last = run_timed(cmd, **kw)
        if not last.ok:
            return None, None, last
        walls.append(last.wall)
        rss.append(last.rss)
    return median(walls), median(rss), last


def load_average():
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "?"


def read_first(path, pattern):
    try:
        with open(path) as f:
            for line in f:
                m = re.match(pattern, line)
                if m:
                    return m.group(1).strip()
    except OSError:
        pass
    return None


def machine(env):
    """The machine as results.md describes it."""
    cpu = read_first("/proc/cpuinfo", r"model name\s*:\s*(.*)") or platform.processor()
    mem = read_first("/proc/meminfo", r"MemTotal:\s*(\d+)")
    osname = read_first("/etc/os-release", r'PRETTY_NAME="?([^"]*)"?') or platform.system()
    versions = {}
    try:
        versions["torch"] = subprocess.run(
            [PYTHON, "-c", "import torch, onnx; print(torch.__version__, onnx.__version__)"],
            capture_output=True, text=True, timeout=120).stdout.split()
    except (OSError, subprocess.TimeoutExpired):
        versions["torch"] = []
    ort = "?"
    try:
        with open(os.path.join(SRCDIR, "tests", "node_modules", "onnxruntime-node", "package.json")) as f:
            ort = json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        pass
    st = os.statvfs(env.scratch)
    disk = subprocess.run(["df", "-hT", env.scratch], capture_output=True, text=True).stdout.splitlines()
    tv = versions["torch"] + ["?", "?"]
    return {
        "cpu": "%s, %d cores" % (cpu, os.cpu_count() or 0),
        "memory": "%.1f GiB" % (int(mem) / 2**20) if mem else "?",
        "os": "%s, Linux %s" % (osname, platform.release()),
        "disk": (disk[-1].split()[1] + " on " + disk[-1].split()[0] if len(disk) > 1 else "?")
        + ", %.0f GiB free" % (st.f_bavail * st.f_frsize / 2**30),
        "software": "PyTorch %s, onnx %s, ONNX Runtime (node) %s, node %s" % (
            tv[0], tv[1], ort, subprocess.run(["node", "--version"], capture_output=True,
                                              text=True).stdout.strip() if env.node else "?"),
    }


def fmt_time(s):
    if s is None:
        return "-"
    if s < 1e-3:
        return "%.0f us" % (s * 1e6)
    if s < 1:
        return "%.1f ms" % (s * 1e3)
    return "%.2f s" % s


def fmt_bytes(n):
    if n is None:
        return "-"
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return ("%.0f %s" if unit == "B" else "%.1f %s") % (n, unit)
        n /= 1024.0


def fmt_ratio(r, digits=1):
    return "-" if r is None else ("%.*fx" % (digits, r))


class Table:
    """A table printed as aligned text and written as Markdown."""

    def __init__(self, title, headers, note=None):
        self.title = title
        self.headers = headers
        self.rows = []
        self.note = note

    def add(self, *cells):
        self.rows.append([str(c) for c in cells])

    def text(self):
        widths = [max(len(h), *(len(r[i]) for r in self.rows)) if self.rows else len(h)
                  for i, h in enumerate(self.headers)]
        lines = [self.title, "  ".join(h.ljust(w) for h, w in zip(self.headers, widths))]
        lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in self.rows]
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def markdown(self):
        lines = ["### " + self.title, "", "| " + " | ".join(self.headers) + " |",
                 "|" + "|".join("---" for _ in self.headers) + "|"]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in self.rows]
        if self.note:
            lines += ["", self.note]
        return "\n".join(lines)


def log(msg):
    print(msg, file=sys.stderr, flush=True)
