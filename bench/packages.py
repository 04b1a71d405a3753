"""The packages section: a model from the installed torchvision or
torchaudio, compiled from the package's own source with the state_dict
that torch.save wrote, against what the machine must do at least.

For each builder: the whole compile with weights to a new file; the same
without weights to /dev/null (finding, parsing and running the imported
modules, building the module, lowering: what does not depend on the
weights' size); and two floors measured beside them, alternated with the
compiles so that all see the same state of the machine: a process start
(`tsc2onnx --version`) and writing the compiled model's bytes to a new
file (`dd`, the page cache's cost of a file that size, which on a virtual
machine dominates: it is paid again for every new page)."""
import os
import subprocess

from common import PYTHON, Table, fmt_bytes, fmt_time, log, median, run_timed

# (builder expression, input type): resnet50 is the yardstick.
BUILDERS = [
    ("torchvision.models.resnet50()", "x:float32[1,3,224,224]"),
    ("torchvision.models.resnet18()", "x:float32[1,3,224,224]"),
    ("torchvision.models.mobilenet_v3_small()", "x:float32[1,3,224,224]"),
    ("torchaudio.models.Wav2Letter(num_classes=40)", "x:float32[1,1,16000]"),
]
QUICK_BUILDERS = BUILDERS[1:2]
TARGET_BUILDER, TARGET_SECONDS = BUILDERS[0][0], 0.150

SAVE = """
import sys, torch, torchvision, torchaudio
torch.manual_seed(0)
for expr, path in zip(sys.argv[1::2], sys.argv[2::2]):
    m = eval(expr, {"torchvision": torchvision, "torchaudio": torchaudio})
    torch.save(m.state_dict(), path)
"""


def save_weights(env, builders):
    """One PyTorch process writes every builder's state_dict (.pth)."""
    paths, args = [], []
    for k, (expr, _) in enumerate(builders):
        paths.append(env.path("packages", "w%d.pth" % k))
        args += [expr, paths[-1]]
    p = subprocess.run([PYTHON, "-c", SAVE] + args, capture_output=True, text=True)
    if p.returncode != 0:
        return None, (p.stderr.strip().splitlines() or ["status %d" % p.returncode])[-1]
    return paths, None


def measure(env, expr, typ, weights, out, copy):
    """Median walls: with weights, without, --version, dd of the output."""
    full = [env.tsc, "--entry", expr, "--input", typ, "--weights", weights, "-o", out]
    bare = [env.tsc, "--entry", expr, "--input", typ, "--no-params", "-o", "/dev/null"]
    walls = {"full": [], "bare": [], "start": [], "dd": []}
    size = None
    for _ in range(env.runs):
        for key, cmd in (("full", full), ("bare", bare), ("start", [env.tsc, "--version"])):
            r = run_timed(cmd)
            if not r.ok:
                return None, (r.err.strip().splitlines() or ["status %d" % r.rc])[-1]
            walls[key].append(r.wall)
        size = os.path.getsize(out)
        r = run_timed(["dd", "if=" + out, "of=" + copy, "bs=4M", "status=none"])
        walls["dd"].append(r.wall)
        os.unlink(copy)
        os.unlink(out)      # the next compile writes a new file, as dd does
    return dict({k: median(v) for k, v in walls.items()}, size=size), None


def packages_section(env):
    builders = QUICK_BUILDERS if env.quick else BUILDERS
    log("packages: %s" % ", ".join(b[0] for b in builders))
    t = Table("Installed packages: a builder compiled from its package's source with a .pth",
              ["builder", "with weights", "without (to /dev/null)", "output", "dd of the output",
               "with weights / dd", "process start"],
              "`--entry BUILDER --weights W.pth -o new file` and `--no-params -o /dev/null` "
              "(imports, construction, lowering), next to writing the same bytes to a new file "
              "with dd and to `tsc2onnx --version`, alternated.")
    weights, err = save_weights(env, builders)
    checks = []
    for k, (expr, typ) in enumerate(builders):
        if err:
            t.add(expr, "PyTorch: " + err[:80], "-", "-", "-", "-", "-")
            continue
        m, why = measure(env, expr, typ, weights[k], env.path("packages", "out.onnx"),
                         env.path("packages", "copy.bin"))
        if why:
            t.add(expr, "error: " + why[:80], "-", "-", "-", "-", "-")
            if expr == TARGET_BUILDER:
                checks.append(("%s compiles in < %.0f ms (fails)" % (expr, TARGET_SECONDS * 1e3), False))
            continue
        t.add(expr, fmt_time(m["full"]), fmt_time(m["bare"]), fmt_bytes(m["size"]), fmt_time(m["dd"]),
              "%.2fx" % (m["full"] / m["dd"]) if m["dd"] else "-", fmt_time(m["start"]))
        if expr == TARGET_BUILDER:
            checks.append(("%s with its .pth compiles in < %.0f ms (%s; %s without weights; "
                           "dd of its %s output alone %s)" % (
                               expr, TARGET_SECONDS * 1e3, fmt_time(m["full"]), fmt_time(m["bare"]),
                               fmt_bytes(m["size"]), fmt_time(m["dd"])), m["full"] < TARGET_SECONDS))
        os.unlink(weights[k])
    return t, checks
