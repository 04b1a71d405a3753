"""The floors section: work that has a floor of its own, measured beside it.

- Default initialization: examples/vgg.ts's vgg16 with `--seed 0` (138M
  parameters, a 553 MB file) against `cp` of the file it writes to a new
  file, the floor of writing those bytes; and its peak RSS against the
  largest parameter (the weights are made and written a piece at a time,
  so the peak should be far below even that).
- compare: `tsc2onnx compare examples/resnet.ts` (resnet18 at 64x64, with
  default weights): compiling the script and trace graphs and running both
  on the two dozen input sets compare tries, against a fixed budget.

The runs alternate with their floors, so that all see the same state of
the machine."""
import os

from common import SRCDIR, Table, fmt_bytes, fmt_ratio, fmt_time, log, median, run_timed

SEED_TARGET_RATIO = 2.0
VGG16_LARGEST_BYTES = 25088 * 4096 * 4      # classifier.0.weight
COMPARE_TARGET_SECONDS = 0.5


def seed_measure(env):
    examples = os.path.join(SRCDIR, "examples")
    out, copy = env.path("floors", "vgg16.onnx"), env.path("floors", "vgg16-copy.onnx")
    cmd = [env.tsc, "vgg.ts", "--entry", "vgg16", "--seed", "0", "--example", "x=randn(1,3,224,224)",
           "-o", out]
    walls, rss, cps = [], [], []
    for _ in range(max(env.runs, 1)):
        # a new file each time, as cp's copy is: replacing the last run's
        # output would also time the kernel freeing its 553 MB of cache
        if os.path.exists(out):
            os.unlink(out)
        r = run_timed(cmd, cwd=examples, rss=True)
        if not r.ok:
            return None, (r.err.strip().splitlines() or ["status %d" % r.rc])[-1]
        walls.append(r.wall)
        rss.append(r.rss)
        c = run_timed(["cp", out, copy])
        os.unlink(copy)
        cps.append(c.wall)
    size = os.path.getsize(out)
    os.unlink(out)
    return {"wall": median(walls), "rss": median(rss), "cp": median(cps), "size": size}, None


def compare_measure(env):
    cmd = [env.tsc, "compare", "resnet.ts", "--entry", "resnet18", "--example", "x=randn(1,3,64,64)"]
    walls = []
    for _ in range(max(env.runs, 1)):
        r = run_timed(cmd, cwd=os.path.join(SRCDIR, "examples"))
        if not r.ok:
            return None, (r.err.strip().splitlines() or ["status %d" % r.rc])[-1]
        walls.append(r.wall)
    return median(walls), None


def floors_section(env):
    log("floors: vgg16 --seed against cp, compare resnet18")
    targets = []
    t = Table("Default initialization: vgg16 --seed 0 against cp of its output",
              ["model", "tsc2onnx", "peak RSS", "largest parameter", "output", "cp", "tsc2onnx / cp",
               "target <= %gx" % SEED_TARGET_RATIO],
              "tsc2onnx: the whole compile of examples/vgg.ts --entry vgg16 --seed 0 to a new "
              "file; cp: copying that file to a new file, measured after each compile.  Medians.")
    s, err = seed_measure(env)
    if err:
        t.add("vgg16", "error: " + err[:60], *["-"] * 6)
        met = False
    else:
        ratio = s["wall"] / s["cp"] if s["cp"] else None
        met = ratio is not None and ratio <= SEED_TARGET_RATIO
        t.add("vgg16", fmt_time(s["wall"]), fmt_bytes(s["rss"]), fmt_bytes(VGG16_LARGEST_BYTES),
              fmt_bytes(s["size"]), fmt_time(s["cp"]), fmt_ratio(ratio, 2), "met" if met else "not met")
    targets.append(("vgg16 with --seed within %gx of cp of its output" % SEED_TARGET_RATIO, met))
    t2 = Table("compare: resnet18 at 64x64, default weights",
               ["command", "time", "target < %s" % fmt_time(COMPARE_TARGET_SECONDS)],
               "`tsc2onnx compare examples/resnet.ts --entry resnet18 --example "
               "x=randn(1,3,64,64)`: both compiles, the trace, and every input set it tries; median.")
    wall, err = compare_measure(env)
    met2 = wall is not None and wall < COMPARE_TARGET_SECONDS
    t2.add("compare resnet18 64x64", fmt_time(wall) if wall is not None else "error: " + err[:60],
           "met" if met2 else "not met")
    targets.append(("compare on resnet18 at 64x64 in < %s" % fmt_time(COMPARE_TARGET_SECONDS), met2))
    return [t, t2], targets
