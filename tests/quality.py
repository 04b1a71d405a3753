"""Graph quality of the examples: our node count against PyTorch's export of
the same model, and against the count pinned in tests/quality/node_counts.txt.

    /usr/bin/python3 -B tests/quality.py        (tests/quality.sh runs it)

One TAP test per example: compiled by $TSC2ONNX at opset 17 with PyTorch's
weights and example input (the example input the benchmark uses, see
bench/examples.py), its node count (Loop and If bodies included) must be at
most the pinned count and at most the node count of torch.onnx.export's
model.  PyTorch's side comes from the end-to-end bench's reference step,
cached by file hash in $TSC_BUILDDIR/.cache/quality.  UPDATE=1 rewrites the
pinned counts from the current ones.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get("TSC_SRCDIR") or os.path.dirname(HERE)
sys.path.insert(0, os.path.join(SRCDIR, "bench"))

import examples  # noqa: E402  (bench/examples.py)

PINS = os.path.join(SRCDIR, "tests", "quality", "node_counts.txt")


def read_pins():
    pins = {}
    if os.path.exists(PINS):
        with open(PINS) as f:
            for line in f:
                words = line.split("#")[0].split()
                if len(words) >= 2:
                    pins[words[0]] = int(words[1])
    return pins


def write_pins(rows):
    with open(PINS, "w") as f:
        f.write("# example  our node count  (PyTorch's, for reference)  -- opset %d;\n"
                "# written by UPDATE=1 tests/quality.sh, checked by tests/quality.py\n" % examples.OPSET)
        for name, ours, theirs in rows:
            f.write("%-24s %5d   # PyTorch %s\n" % (name, ours, theirs if theirs is not None else "-"))


def foldable_nodes(path):
    """Nodes of the main graph computed from constants alone (what constant
    folding, opt/fold.c, will remove)."""
    import onnx
    g = onnx.load(path, load_external_data=False).graph
    known = {t.name for t in g.initializer}
    n = 0
    for node in g.node:
        if node.input and all(i in known or not i for i in node.input) and \
                not any(a.type == onnx.AttributeProto.GRAPH for a in node.attribute):
            known.update(node.output)
            n += 1
    return n


def main():
    builddir = os.environ.get("TSC_BUILDDIR") or os.path.join(SRCDIR, "build")
    tsc = os.environ.get("TSC2ONNX") or os.path.join(builddir, "tsc2onnx")
    env = argparse.Namespace(quick=False, builddir=builddir, cachedir=os.path.join(os.environ.get("TSC_TEST_CACHE") or os.path.join(builddir, ".cache"), "quality"))
    work = tempfile.mkdtemp(prefix="tsc2onnx-quality-")
    env.path = lambda *parts: os.path.join(work, *parts)
    chosen = examples.discover(env)
    examples.references(env, chosen)
    pins = read_pins()
    print("1..%d" % len(chosen))
    rows = []
    for i, e in enumerate(chosen, 1):
        name = e.name[:-3]
        if "error" in e.results:
            print("not ok %d - %s # %s" % (i, name, e.results["error"]))
            continue
        out = os.path.join(work, name + ".onnx")
        r = subprocess.run([tsc, os.path.basename(e.case.path)] + e.tsc_args() + ["-o", out],
                           cwd=e.case.dir, capture_output=True, text=True)
        if r.returncode != 0:
            print("not ok %d - %s: tsc2onnx exited with status %d" % (i, name, r.returncode))
            for line in r.stderr.splitlines()[:20]:
                print("#   " + line)
            continue
        ours = sum(examples.node_counts(out).values())
        theirs = sum(examples.node_counts(e.torch_trace).values()) if e.torch_trace else None
        rows.append((name, ours, theirs))
        pin = pins.get(name)
        problems = []
        if theirs is not None and ours > theirs:
            problems.append("more nodes than PyTorch's export (%d)" % theirs)
        if pin is not None and ours > pin and os.environ.get("UPDATE") != "1":
            problems.append("more nodes than pinned (%d)" % pin)
        desc = "%s: %d nodes (PyTorch %s, pinned %s)" % (
            name, ours, theirs if theirs is not None else "cannot export", pin if pin is not None else "-")
        if pin is not None and ours < pin:
            desc += " # fewer than pinned: UPDATE=1 tests/quality.sh"
        todo = ""
        if problems and theirs is not None and ours - foldable_nodes(out) <= theirs and (pin is None or ours <= pin):
            todo = " # TODO %d nodes computed from constants alone: constant folding (opt/fold.c) has " \
                   "not landed" % foldable_nodes(out)
        print(("not ok %d - %s: %s%s" % (i, desc, "; ".join(problems), todo)) if problems
              else ("ok %d - %s" % (i, desc)))
    if os.environ.get("UPDATE") == "1":
        write_pins(rows)
    subprocess.run(["rm", "-rf", work])
    return 0


if __name__ == "__main__":
    sys.exit(main())
