"""The tsc2onnx benchmark (bench/run runs it with /usr/bin/python3).

    bench/run [--quick] [--only SECTION,...] [--examples NAME,...] [-o FILE]

Sections, in order (all by default):
    compile   compile time of tsc2onnx vs torch.jit.script + torch.onnx.export
              on the examples (script and trace mode)
    quality   node count and ONNX Runtime latency of our graphs vs PyTorch's
    eval      tsc2onnx run vs ONNX Runtime on our graphs
    floors    vgg16 --seed against cp of its output; compare on resnet18
    scaling   generated models of 10 to 10,000 layers, a 100,000-line file,
              loops of 10 to 100,000 iterations unrolled: time, peak RSS
    weights   1 GB of weights from safetensors to .onnx, next to cp
    loops     ONNX Runtime's Loop vs unrolled bodies by trip count
    packages  builders of the installed torchvision/torchaudio compiled from
              their source with a .pth, next to dd of the output

quality and eval use the models compile writes, so they run with it.
Results print as tables and go to bench/results.md (or -o FILE) with the
machine's description and load.  --quick is the smoke mode: three small
examples, one run each, the smaller sizes.  The examples' PyTorch side is
cached in build/.cache/bench.
"""
import argparse
import datetime
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402
from common import Env, log, load_average, machine  # noqa: E402

SECTIONS = ("compile", "quality", "eval", "floors", "scaling", "weights", "loops", "packages")


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="bench/run", description="the tsc2onnx benchmark")
    ap.add_argument("--quick", action="store_true", help="smoke mode: small examples and sizes, one run")
    ap.add_argument("--only", help="comma-separated sections (%s)" % ", ".join(SECTIONS))
    ap.add_argument("--examples", help="comma-separated example names (default: all)")
    ap.add_argument("--runs", type=int, help="runs of each tsc2onnx command (default 5, quick 1)")
    ap.add_argument("--torch-runs", type=int, help="PyTorch export runs (default 3, quick 1)")
    ap.add_argument("--ort-runs", type=int, help="ONNX Runtime runs per model (default 30, quick 5)")
    ap.add_argument("-o", "--output", help="results file (default bench/results.md; '-' for none)")
    ap.add_argument("--scratch", help="directory for scratch files (default: $TMPDIR)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    args = ap.parse_args(argv)
    args.sections = args.only.split(",") if args.only else list(SECTIONS)
    for s in args.sections:
        if s not in SECTIONS:
            ap.error("unknown section '%s' (%s)" % (s, ", ".join(SECTIONS)))
    if ("quality" in args.sections or "eval" in args.sections) and "compile" not in args.sections:
        args.sections.insert(0, "compile")
    return args


def run_examples(env, args, tables, targets):
    import examples as ex
    chosen = ex.discover(env, args.examples.split(",") if args.examples else None)
    ex.references(env, chosen)
    trace_ok = ex.trace_available(env)
    ex.compile_section(env, chosen, trace_ok)
    t, met = ex.compile_table(env, chosen, trace_ok)
    tables.append(t)
    targets.append(("Small examples (%s) compile in <= %gx the start floor (`tsc2onnx --version`)"
                    % (", ".join(n[:-3] for n in ex.SMALL_EXAMPLES), ex.START_TARGET_RATIO), met))
    if "quality" in args.sections or "eval" in args.sections:
        ex.quality_section(env, chosen)
    if "quality" in args.sections:
        t, met = ex.quality_table(chosen)
        tables.append(t)
        targets.append(("Node count <= PyTorch's and ONNX Runtime latency ratio <= 1.0 on "
                        "every example", met))
    if "eval" in args.sections:
        ex.eval_section(env, chosen)
        t, met = ex.eval_table(chosen)
        tables.append(t)
        targets.append(("Evaluator warm runs <= %gx ONNX Runtime's on %s" % (
            ex.EVAL_TARGET_RATIO, ", ".join(n[:-3] for n in ex.EVAL_TARGET_NETS)), met))


def run_generated(env, args, tables, targets, notes):
    import scaling
    if "floors" in args.sections:
        import floors
        ts, tgts = floors.floors_section(env)
        tables += ts
        targets += tgts
    if "scaling" in args.sections:
        for t, tgts in scaling.scaling_section(env):
            tables.append(t)
            targets += tgts
    if "weights" in args.sections:
        t, tgts = scaling.weights_section(env)
        tables.append(t)
        targets += tgts
    if "loops" in args.sections:
        t, note = scaling.loops_section(env)
        tables.append(t)
        notes.append(note)
    if "packages" in args.sections:
        import packages
        t, tgts = packages.packages_section(env)
        tables.append(t)
        targets += tgts


def write_results(path, env, mach, loads, tables, targets, notes, started, args):
    lines = ["# tsc2onnx benchmark results", "",
             "Written by `bench/run%s` on %s (%.0f s)." % (
                 " " + " ".join(sys.argv[1:]) if sys.argv[1:] else "",
                 started.strftime("%Y-%m-%d %H:%M"), time.time() - started.timestamp()), "",
             "## Machine", ""]
    lines += ["- %s: %s" % (k, v) for k, v in mach.items()]
    lines += ["- load average (1, 5, 15 min) at start: %s, at end: %s" % loads, "",
              "Every figure is a median of repeated runs (tsc2onnx commands: %d runs, PyTorch "
              "exports: %d fresh processes, ONNX Runtime: %d runs per model); ratios compare "
              "figures measured in the same benchmark run." % (env.runs, env.torch_runs, env.ort_runs),
              "", "## Targets", ""]
    lines += ["- %s: **%s**" % (name, "met" if met else "not met") for name, met in targets]
    lines += ["", "## Results", ""]
    for t in tables:
        lines += [t.markdown(), ""]
    for n in notes:
        lines += [n, ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main(argv):
    args = parse_args(argv)
    env = Env(args)
    if not os.access(env.tsc, os.X_OK):
        log("bench: %s not found (build first, or set TSC2ONNX)" % env.tsc)
        return 2
    started = datetime.datetime.now()
    load_start = load_average()
    mach = machine(env)
    tables, targets, notes = [], [], []
    try:
        if "compile" in args.sections:
            run_examples(env, args, tables, targets)
        run_generated(env, args, tables, targets, notes)
    finally:
        env.cleanup()
    loads = (load_start, load_average())
    print("machine: " + "; ".join("%s: %s" % kv for kv in mach.items()))
    print("load average at start: %s, at end: %s\n" % loads)
    for t in tables:
        print(t.text() + "\n")
    for n in notes:
        print(n + "\n")
    for name, met in targets:
        print("target %s: %s" % ("met" if met else "NOT MET", name))
    out = args.output or os.path.join(common.HERE, "results.md")
    if out != "-":
        write_results(out, env, mach, loads, tables, targets, notes, started, args)
        log("results written to %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
